import Foundation
print("lacripta")
