import TeletypeA2UI
import TeletypeLayout

extension AIUIHost {
    /// The generated UI the command line draws: A2UI.
    package static let standard = AIUIHost(renderers: [A2UIRenderer()])
}
