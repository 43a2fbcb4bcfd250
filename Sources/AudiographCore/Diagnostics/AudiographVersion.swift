// SPDX-License-Identifier: GPL-3.0-or-later
/// The release version of Audiograph, shown by `--version` and matched by the AppStream metainfo's
/// newest release (packaging/org.audiograph.Audiograph.metainfo.xml; a test keeps them equal).
public enum AudiographVersion {
    public static let current = "0.5.0"
}
