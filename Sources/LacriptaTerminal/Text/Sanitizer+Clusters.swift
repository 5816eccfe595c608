extension Sanitizer {
    /// The most Unicode scalars one grapheme cluster (one `Character`, one glyph on screen) keeps.
    ///
    /// Real text stays well below it: the longest emoji sequence Unicode recommends (a kiss with
    /// two skin tones) has ten, a subdivision flag seven, a letter with its accents a handful.
    /// Beyond it lies only abuse: "Zalgo" stacks of hundreds of combining marks, or twenty family
    /// emoji glued into one cluster with joiners. `DisplayWidth` measures such a cluster as one
    /// glyph, but terminals draw it in ways of their own (marks spilling into other cells, the
    /// joined emoji side by side), which shifts every column after it. So the cluster is cut.
    public static let maximumClusterScalars = 10

    /// `text` with every grapheme cluster cut to `maximumClusterScalars`: a scalar that would join
    /// a cluster already that long is dropped, while a scalar that starts a new cluster is kept.
    ///
    /// Cutting the tail off a cluster can leave it ending in a joiner (ZWJ, a virama, a Hangul
    /// leading consonant) that would pull the next cluster in; deciding per scalar against the
    /// cluster as it is being written keeps every cluster of the result within the limit.
    static func limitingClusters(_ text: String) -> String {
        // ASCII clusters have at most two scalars ("\r\n"); most text needs no closer look.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        guard text.contains(where: { $0.unicodeScalars.count > maximumClusterScalars }) else { return text }
        var output = String.UnicodeScalarView()
        // The scalars of the last cluster written, never more than the limit.
        var cluster = String.UnicodeScalarView()
        var clusterSize = 0
        for scalar in text.unicodeScalars {
            var probe = cluster
            probe.append(scalar)
            if String(probe).count == 1 {
                guard clusterSize < maximumClusterScalars else { continue }
                cluster = probe
                clusterSize += 1
            } else {
                cluster = String.UnicodeScalarView([scalar])
                clusterSize = 1
            }
            output.append(scalar)
        }
        return String(output)
    }
}
