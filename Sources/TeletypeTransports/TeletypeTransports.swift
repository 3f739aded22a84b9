/// The transports that talk to agents over HTTP (`OpenAIChatTransport`, `UIMessageStreamTransport`),
/// on top of everything `TeletypeTranscripts` holds (transcript formats, recorded streams, replay),
/// which importing this module brings along.
@_exported import TeletypeTranscripts
