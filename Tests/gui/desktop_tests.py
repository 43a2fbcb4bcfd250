#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Desktop integration tests: `make install` into a temporary prefix, the validators on what it installed,
the file manager's way in (`gio mime`, `gio open` of a CSV file under Xvfb), manual pages, completions,
`make uninstall`, and the Debian package `make deb` builds. Run through run-gui-tests.sh (display and
D-Bus session); the release build makes this the slowest part of the suite (about two minutes).
"""
import os
import shutil
import subprocess
import tempfile

import harness
from desktop_session import wait_for_window
from harness import OUT, ROOT, check

APP_ID = "org.audiograph.Audiograph"


def run(command, env=None, cwd=ROOT):
    """Runs `command`, returns (exit status, stdout and stderr together)."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def desktop_env(prefix, home):
    """A session that knows only this prefix and the system's shared data (MIME database, other apps)."""
    env = dict(os.environ, HOME=home, XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/share",
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"),
               PATH=os.path.join(prefix, "bin") + ":" + os.environ["PATH"], GSK_RENDERER="cairo",
               NO_AT_BRIDGE="1")
    env.pop("AUDIOGRAPH_EXAMPLES_DIR", None)
    return env


def japanese_env(env, language):
    """`env` with only `language` ({"LANG": "ja_JP.UTF-8"} or {"LANGUAGE": "ja"}) choosing the language, and no
    catalog folder given: the program must find its own."""
    japanese = {k: v for k, v in env.items()
                if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "AUDIOGRAPH_LOCALEDIR")}
    japanese.update(language)
    return japanese


def window_titled(title, timeout=45):
    """The window titled `title` once it is shown (desktop_session.wait_for_window), or None after `timeout`."""
    try:
        return wait_for_window(title, timeout=timeout)
    except RuntimeError:
        return None


def bus_name_owned(name, env):
    """Whether `name` has an owner on the session bus (org.freedesktop.DBus.NameHasOwner, through gdbus)."""
    done = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                           "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", name],
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError("gdbus NameHasOwner failed: %s" % done.stderr.strip())
    return "true" in done.stdout


def installed_files(prefix):
    return sorted(os.path.relpath(os.path.join(folder, name), prefix)
                  for folder, _, names in os.walk(prefix) for name in names)


def install_open_uninstall():
    print("make install into a temporary prefix, open a CSV file the file manager's way, make uninstall")
    work = tempfile.mkdtemp(prefix="desktop-")
    prefix = os.path.join(work, "prefix")
    home = os.path.join(work, "home")
    os.makedirs(home)
    status, output = run(["make", "install", "PREFIX=" + prefix])
    open(os.path.join(OUT, "make-install.log"), "w").write(output)
    check(status == 0, "make install PREFIX=… succeeds (log in make-install.log)")
    if status != 0:
        return
    files = installed_files(prefix)
    for wanted in ["bin/audiograph", "bin/audiograph-cli", "share/applications/%s.desktop" % APP_ID,
                   "share/metainfo/%s.metainfo.xml" % APP_ID, "share/icons/hicolor/scalable/apps/%s.svg" % APP_ID,
                   "share/icons/hicolor/symbolic/apps/%s-symbolic.svg" % APP_ID, "share/man/man1/audiograph.1",
                   "share/man/man1/audiograph-cli.1", "share/bash-completion/completions/audiograph-cli",
                   "share/zsh/vendor-completions/_audiograph-cli", "share/fish/vendor_completions.d/audiograph-cli.fish",
                   "share/audiograph/examples/births.csv", "share/applications/mimeinfo.cache",
                   "share/locale/ja/LC_MESSAGES/audiograph.mo"]:
        check(wanted in files, "installed %s" % wanted)

    status, output = run(["desktop-file-validate", os.path.join(prefix, "share/applications/%s.desktop" % APP_ID)])
    check(status == 0 and "error" not in output, "desktop-file-validate passes: %r" % output.strip())
    status, output = run(["appstreamcli", "validate", "--no-net",
                          os.path.join(prefix, "share/metainfo/%s.metainfo.xml" % APP_ID)])
    check(status == 0, "appstreamcli validate passes: %r" % output.strip().splitlines()[-1:])

    for binary in ["audiograph", "audiograph-cli"]:
        _, libraries = run(["ldd", os.path.join(prefix, "bin", binary)])
        check("libswiftCore" not in libraries and "not found" not in libraries,
              "%s needs only the system's libraries, not the Swift toolchain's" % binary)
    env = desktop_env(prefix, home)
    status, output = run(["audiograph-cli", "describe", os.path.join(prefix, "share/audiograph/examples/births.csv")], env=env)
    check(status == 0 and "Birth rate by year" in output, "the installed audiograph-cli describes an installed example")
    # The examples come with their saved chart settings, so they draw what README and the source tree show.
    status, output = run(["audiograph-cli", "describe", os.path.join(prefix, "share/audiograph/examples/world-phones.csv")],
                         env=env)
    check(status == 0 and output.startswith("Telephones in the world, by region"),
          "an installed example keeps its settings (world-phones' stacked areas): %r" % output[:80])
    for language in [{"LANGUAGE": "ja"}, {"LANG": "ja_JP.UTF-8"}]:
        status, output = run(["audiograph-cli", "describe", os.path.join(prefix, "share/audiograph/examples/births.csv")],
                             env=japanese_env(env, language), cwd=work)
        check(status == 0 and "グラフ：折れ線グラフ" in output,
              "with %s the installed program finds its installed Japanese catalog: %r" % (language, output[:80]))

    for page in ["audiograph.1", "audiograph-cli.1"]:
        done = subprocess.run(["man", "--warnings", "-l", os.path.join(prefix, "share/man/man1", page)],
                              capture_output=True, text=True, env=dict(os.environ, MANWIDTH="80"))
        check(done.returncode == 0 and "NAME" in done.stdout and not done.stderr.strip(),
              "man %s renders without warnings: %r" % (page, done.stderr.strip()[:200]))
    completion = os.path.join(prefix, "share/bash-completion/completions/audiograph-cli")
    status, output = run(["bash", "-c", "source '%s' && complete -p audiograph-cli" % completion])
    check(status == 0 and "audiograph-cli" in output, "the bash completion registers: %r" % output.strip())

    for mime in ["text/csv", "text/tab-separated-values", "application/vnd.oasis.opendocument.spreadsheet",
                 "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]:
        status, output = run(["gio", "mime", mime], env=env)
        check("%s.desktop" % APP_ID in output, "gio mime %s lists Audiograph: %r" % (mime, output.strip()))

    # A double click in the file manager is `gio open`: a CSV file, and a workbook (Excel's format, written here
    # part by part: the fewest parts an .xlsx needs, the cells as inline strings and numbers).
    csv = os.path.join(work, "quarterly sales.csv")
    with open(csv, "w") as f:
        f.write("Quarter,Sales (EUR)\n1,120\n2,135\n3,128\n4,160\n")
    book = os.path.join(work, "quarterly sales.xlsx")
    write_minimal_xlsx(book, [["Quarter", "Sales (EUR)"], [1, 120], [2, 135], [3, 128], [4, 160]])
    for data in (csv, book):
        name = os.path.basename(data)
        before = open(data, "rb").read()
        # The viewer that gio starts inherits gio's output: its messages land in gio-open-NAME.log.
        log = open(os.path.join(OUT, "gio-open-%s.log" % name.replace(" ", "-")), "w")
        opener = subprocess.Popen(["gio", "open", data], env=dict(env, AUDIOGRAPH_TRACE="1"), stdout=log,
                                  stderr=subprocess.STDOUT)
        window = window_titled("%s — Audiograph" % name)
        check(window is not None, "gio open '%s' opens it in the viewer" % name)
        if not window:
            print("    what gio and the viewer printed: %r" % open(log.name).read()[-2000:])
        if window:
            pid = subprocess.run(["xdotool", "getwindowpid", window], capture_output=True, text=True).stdout.strip()
            executable = os.path.realpath("/proc/%s/exe" % pid) if pid else ""
            check(executable == os.path.join(os.path.realpath(prefix), "bin/audiograph"),
                  "the window belongs to the installed audiograph: %r" % executable)
            if pid:
                subprocess.run(["kill", pid])
                # Gone from the session bus before the next file: while the bus still lists it as the app's one
                # instance, GApplication hands the next `gio open` to it and the dying instance drops it. The
                # process's exit is not enough: the bus daemon notices the closed connection later (seen twice
                # under load: the workbook's window never came).
                harness.wait_until(lambda: harness.zombie(int(pid)), "the viewer to quit", timeout=20)
                harness.wait_until(lambda: not bus_name_owned(APP_ID, env), "the viewer to leave the bus", timeout=20)
        opener.wait(10)
        log.close()
        check(open(data, "rb").read() == before, "opening never writes to %s" % name)

    status, output = run(["make", "uninstall", "PREFIX=" + prefix])
    left = [f for f in installed_files(prefix) if not f.endswith(("mimeinfo.cache", "icon-theme.cache"))]
    check(status == 0 and not left, "make uninstall removes every installed file: %r" % left)
    status, output = run(["gio", "mime", "text/csv"], env=env)
    check("%s.desktop" % APP_ID not in output, "after uninstall gio mime text/csv no longer lists Audiograph")
    shutil.rmtree(work, ignore_errors=True)


def write_minimal_xlsx(path, rows):
    """An .xlsx of one sheet holding `rows` (text as inline strings, numbers as numbers), by zipfile alone."""
    import zipfile
    from xml.sax.saxutils import escape

    def cell(column, row, value):
        ref = "%s%d" % (chr(65 + column), row)
        if isinstance(value, str):
            return '<c r="%s" t="inlineStr"><is><t>%s</t></is></c>' % (ref, escape(value))
        return '<c r="%s"><v>%s</v></c>' % (ref, value)
    sheet = "".join('<row r="%d">%s</row>' % (r + 1, "".join(cell(c, r + 1, v) for c, v in enumerate(row)))
                    for r, row in enumerate(rows))
    main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    package = "http://schemas.openxmlformats.org/package/2006/relationships"
    parts = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships'
        '+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
        'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.worksheet+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="%s"><Relationship Id="rId1" Type="%s/'
        'officeDocument" Target="xl/workbook.xml"/></Relationships>' % (package, rel),
        "xl/workbook.xml": '<?xml version="1.0"?><workbook xmlns="%s" xmlns:r="%s"><sheets><sheet name="Sales" '
        'sheetId="1" r:id="rId1"/></sheets></workbook>' % (main, rel),
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="%s"><Relationship Id="rId1" '
        'Type="%s/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' % (package, rel),
        "xl/worksheets/sheet1.xml": '<?xml version="1.0"?><worksheet xmlns="%s"><sheetData>%s</sheetData>'
        '</worksheet>' % (main, sheet),
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)


def make_run_opens_the_example():
    """The README's first command, as a newcomer types it: the example chart appears in the viewer."""
    print("make run: the README's first command opens the example chart")
    home = tempfile.mkdtemp(prefix="desktop-run-")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_DATA_HOME=os.path.join(home, "data"), GSK_RENDERER="cairo", NO_AT_BRIDGE="1")
    log = open(os.path.join(OUT, "make-run.log"), "w")
    process = subprocess.Popen(["make", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        window = window_titled("births.csv — Audiograph", timeout=240)
        check(window is not None, "make run opens births.csv in the viewer (log in make-run.log)")
    finally:
        os.killpg(process.pid, 15)
        process.wait(10)
        shutil.rmtree(home, ignore_errors=True)


def debian_package():
    print("make deb: a Debian package of this tree")
    status, output = run(["make", "deb"])
    open(os.path.join(OUT, "make-deb.log"), "w").write(output)
    packages = sorted(f for f in os.listdir(os.path.join(ROOT, "dist")) if f.endswith(".deb")) \
        if os.path.isdir(os.path.join(ROOT, "dist")) else []
    check(status == 0 and packages, "make deb builds dist/%s" % (packages[-1] if packages else "?"))
    if not packages:
        return
    package = os.path.join(ROOT, "dist", packages[-1])
    _, depends = run(["dpkg-deb", "-f", package, "Depends"])
    check(all(lib in depends for lib in ["libgtk-4-1", "libasound2", "libglib2.0-0", "libc6"]),
          "Depends names the runtime libraries: %s" % depends.strip())
    _, contents = run(["dpkg-deb", "-c", package])
    for wanted in ["./usr/bin/audiograph", "./usr/bin/audiograph-cli", "./usr/share/applications/%s.desktop" % APP_ID,
                   "./usr/share/metainfo/%s.metainfo.xml" % APP_ID, "./usr/share/man/man1/audiograph.1.gz",
                   "./usr/share/icons/hicolor/scalable/apps/%s.svg" % APP_ID]:
        check(wanted in contents, "the package holds %s" % wanted)
    check("./usr/share/locale/ja/LC_MESSAGES/audiograph.mo" in contents, "the package holds the Japanese catalog")
    check("root/root" in contents and "/tmp" not in contents, "files are owned by root and nothing of the build leaks in")
    # The package's own files, unpacked outside the source tree: its audiograph-cli speaks Japanese from
    # its own usr/share/locale, as it would from /usr.
    unpacked = tempfile.mkdtemp(prefix="desktop-deb-")
    status, output = run(["dpkg-deb", "-x", package, unpacked])
    check(status == 0, "dpkg-deb -x unpacks the package: %r" % output.strip()[:200])
    examples = os.path.join(unpacked, "usr/share/audiograph/examples/births.csv")
    status, output = run([os.path.join(unpacked, "usr/bin/audiograph-cli"), "describe", examples],
                         env=japanese_env(os.environ, {"LANG": "ja_JP.UTF-8"}), cwd=unpacked)
    check(status == 0 and "グラフ：折れ線グラフ" in output,
          "with LANG=ja_JP.UTF-8 the package's audiograph-cli speaks Japanese: %r" % output[:80])
    shutil.rmtree(unpacked, ignore_errors=True)


TESTS = [make_run_opens_the_example, install_open_uninstall, debian_package]


if __name__ == "__main__":
    harness.main(TESTS, "desktop integration")
