import Foundation
import TeletypeANSI
import TeletypeMarkdown

let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
let width = Int(CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "80") ?? 80
print(TerminalRenderer(width: width, capabilities: .full).render(markdown: text), terminator: "")
