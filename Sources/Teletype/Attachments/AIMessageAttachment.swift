/// Something a message carries besides its text: an image, a file, or a kind of your own with its
/// data in ``extraData``. Kinds are an open set; an unknown kind shows as a file.
public struct AIMessageAttachment: Sendable, Hashable {
    /// The kind of an attachment. An open set.
    public struct Kind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The kind's name, such as `image`.
        public let rawValue: String
        /// The kind called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The kind a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// A picture, shown by name and size (never fetched).
        public static let image = Kind(rawValue: "image")
        /// A document or any other file.
        public static let file = Kind(rawValue: "file")
        /// A recording.
        public static let audio = Kind(rawValue: "audio")
        /// A film.
        public static let video = Kind(rawValue: "video")
    }

    /// What the attachment is: an image, a file, or a kind of your own.
    public var kind: Kind
    /// Where it is, on the web or on the device.
    public var url: String?
    /// An image's bytes, for an image the app holds rather than links to.
    public var imageData: [UInt8]?
    /// The file's name.
    public var name: String?
    /// The size in bytes.
    public var size: Int?
    /// The MIME type, such as `application/pdf`.
    public var mimeType: String?
    /// An image's width in pixels, when known.
    public var width: Int?
    /// An image's height in pixels, when known.
    public var height: Int?
    /// What a kind of your own needs.
    public var extraData: JSONObject

    /// Makes an attachment of the given kind; every other field is optional.
    public init(
        kind: Kind, url: String? = nil, imageData: [UInt8]? = nil, name: String? = nil, size: Int? = nil,
        mimeType: String? = nil, width: Int? = nil, height: Int? = nil, extraData: JSONObject = JSONObject()
    ) {
        self.kind = kind
        self.url = url
        self.imageData = imageData
        self.name = name
        self.size = size
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.extraData = extraData
    }

    /// An image at a URL.
    public static func image(_ url: String, name: String? = nil) -> AIMessageAttachment {
        AIMessageAttachment(kind: .image, url: url, name: name)
    }

    /// An image the app holds, with a name.
    public static func image(data: [UInt8], name: String) -> AIMessageAttachment {
        AIMessageAttachment(kind: .image, imageData: data, name: name, size: data.count)
    }

    /// A file at a URL.
    public static func file(_ url: String, name: String? = nil, size: Int? = nil) -> AIMessageAttachment {
        AIMessageAttachment(kind: .file, url: url, name: name, size: size)
    }

    /// An attachment whose kind comes from its MIME type, else from its name's extension.
    public init(url: String, name: String? = nil, size: Int? = nil, mimeType: String? = nil) {
        let fileName = name ?? url.split(separator: "/").last.map(String.init)
        let type = mimeType ?? fileName.flatMap(AIMessageAttachment.mimeType(forName:))
        var kind = Kind.file
        if let type {
            if type.hasPrefix("image/") {
                kind = .image
            } else if type.hasPrefix("audio/") {
                kind = .audio
            } else if type.hasPrefix("video/") {
                kind = .video
            }
        }
        self.init(kind: kind, url: url, name: fileName, size: size, mimeType: type)
    }

    /// The display name: the name, else the last part of the URL, else the kind.
    public var displayName: String {
        name ?? url.flatMap { $0.split(separator: "/").last.map(String.init) } ?? kind.rawValue
    }

    /// Whether this kind shows as a file (every kind but images).
    public var showsAsFile: Bool { kind != .image }

    /// The MIME type of a file name's extension, for the common ones.
    public static func mimeType(forName name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let types: [String: String] = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "heic": "image/heic", "svg": "image/svg+xml", "pdf": "application/pdf", "txt": "text/plain",
            "md": "text/markdown", "csv": "text/csv", "json": "application/json", "zip": "application/zip",
            "gz": "application/gzip", "tar": "application/x-tar", "mp3": "audio/mpeg", "wav": "audio/wav",
            "m4a": "audio/mp4", "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
            "doc": "application/msword",
            "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "html": "text/html",
            "swift": "text/x-swift", "py": "text/x-python",
        ]
        return types[name[name.index(after: dot)...].lowercased()]
    }
}
