import CLua
import GridScript
print("gridrepl")
