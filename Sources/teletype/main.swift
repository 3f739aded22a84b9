import TeletypeMarkdown
import Foundation
let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
dump(MarkdownDocument(parsing: text))
