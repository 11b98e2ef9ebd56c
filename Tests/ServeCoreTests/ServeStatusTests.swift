import GridLayout
import Testing
import ServeCore

/// Every kind of failure a grid call can have gets its HTTP status from one table; a failure that
/// is not the engine's (a script's own error) is a 500.
@Suite struct ServeStatusTests {
    static let expected: [GridError.Kind: Int] = [
        .invalidArgument: 400,
        .outOfRange: 404,
        .wrongState: 409,
        .dataSource: 500,
        .noRoom: 422,
        .limit: 413,
        .interrupted: 503,
    ]

    @Test(arguments: GridError.Kind.allCases)
    func everyKindHasItsStatus(kind: GridError.Kind) {
        #expect(ServeStatus.of(kind) == Self.expected[kind])
    }

    @Test func theTableNamesEveryKind() {
        #expect(Set(Self.expected.keys) == Set(GridError.Kind.allCases))
    }

    @Test func aFailureWithoutAKindIs500() {
        #expect(ServeStatus.of(nil) == 500)
        #expect(ServeFailure(kind: nil, message: "script.lua:3: boom") == ServeFailure(500, "script.lua:3: boom"))
    }

    @Test func aGridCallsFailureTakesItsKindsStatus() {
        let sortingOff = GridError.sortingOff
        let failure = ServeFailure(kind: sortingOff.kind, message: sortingOff.description)
        #expect(failure == ServeFailure(409, "beginDrag(at:): sorting is off (set the option 'sort' to true)"))
    }
}
