import Testing
import GridLayout
import GridLayoutTestSupport

@Test func nineGridSmoke() throws {
    let config = try configuration([("lanes", .number(3)), ("spacing", .number(10))])
    let layout = try ContentLayout(configuration: config, dataSource: ArrayDataSource(sizes: Array(repeating: size(100, 120), count: 10)))
    #expect(try itemFrames(layout)[4] == rect(110, 130, 100, 120))
}
