"""The keys of the cache's entries: what a loaded source, and the structure found on it,
depend on (the source's bytes, the options that change loading, the versions of summcheck,
of the library that reads the source and of the Markdown parser, the cache format), hashed.

Versions are read cheaply: the stamps hash installed files, importing none of them.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...model import InputError

FORMAT = 1  # bump when what an entry holds, or how it is read, changes


@dataclass(frozen=True)
class Keys:
    """The keys of one source's two entries."""

    source: str  # what loading gives
    structure: str  # what structure detection gives on that
    sha256: str  # of the source's bytes


def entry_keys(data: bytes, kind: str, page_numbers: str, ocr: bool, sections: str,
               sidecar: Path | None) -> Keys | None:
    """The keys of a source whose bytes are `data`, loaded as a `kind` with these options;
    None when the `sidecar` cannot be read."""
    sha = hashlib.sha256(data).hexdigest()
    if kind == "pdf":
        source = _digest({"format": FORMAT, "summcheck": summcheck_version(),
                          "python": list(sys.version_info[:2]),
                          "unicode": unicodedata.unidata_version, "kind": kind,
                          "library": library_version(kind), "page_numbers": page_numbers,
                          "ocr": bool(ocr), "sha256": sha, "size": len(data)})
    else:  # decoded on every run; the key of its structure is that of its bytes
        source = _digest({"kind": kind, "ocr": bool(ocr), "sha256": sha, "size": len(data)})
    sidecar_sha = None
    if sidecar is not None:
        from ...files.reading import read_input
        from ...structure.sidecar import MAX_BYTES as SIDECAR_BYTES

        try:
            sidecar_sha = hashlib.sha256(read_input(Path(sidecar), SIDECAR_BYTES,
                                                    "structure file")).hexdigest()
        except InputError:
            return None
    markdown = markdown_version() if kind == "markdown" or sections == "markdown" else ""
    structure = _digest({"format": FORMAT, "summcheck": summcheck_version(),
                         "python": list(sys.version_info[:2]),
                         "unicode": unicodedata.unidata_version, "source": source,
                         "sections": sections, "sidecar": sidecar_sha,
                         "markdown": markdown if sidecar is None else ""})
    return Keys(source, structure, sha)


def _digest(parts: dict) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- versions (cheap: no imports)


def summcheck_version() -> str:
    """summcheck's version and a stamp of its installed files (a development checkout changes
    its code without changing its version)."""
    from ... import __version__

    return f"{__version__}+{_code_stamp()}"


@lru_cache(maxsize=1)
def _code_stamp() -> str:
    root = Path(__file__).resolve().parents[2]  # summcheck/, this being sources/cache/keys.py
    digest = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".yaml", ".json")):
                path = os.path.join(folder, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                digest.update(f"{os.path.relpath(path, root)}\0{info.st_size}\0"
                              f"{info.st_mtime_ns}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()[:16]


@lru_cache(maxsize=8)
def _package_stamp(package: str, filename: str) -> str:
    """The version of an installed package without importing it: the hash of one of its
    files (PyMuPDF's `_build.py` names its version, MuPDF's and the commit built)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        try:
            with open(os.path.join(location, filename), "rb") as handle:
                data = handle.read(1 << 20)
        except OSError:
            continue
        version = re.search(rb"""(?m)^(?:pymupdf_version|__version__)\s*=\s*['"]([^'"]*)""", data)
        shown = version.group(1).decode("ascii", "replace") if version else "?"
        return f"{shown} ({hashlib.sha256(data).hexdigest()[:16]})"
    try:  # no such file: the version its metadata states
        from importlib.metadata import version

        return version(package)
    except Exception:
        return "unknown"


def library_version(kind: str) -> str:
    """The library that turns a source of this kind into text (PyMuPDF for a PDF)."""
    if kind == "pdf":
        return "PyMuPDF " + _package_stamp("pymupdf", "_build.py")
    return ""


def checking_libraries() -> str:
    """The builds of the libraries whose answers a check's findings depend on besides the
    loaders': rapidfuzz (OCR scores), PyYAML (claims and front matter) and jsonschema."""
    return ", ".join(f"{package} {_package_stamp(package, '__init__.py')}"
                     for package in ("rapidfuzz", "yaml", "jsonschema"))


def markdown_version() -> str:
    return (f"markdown-it-py {_package_stamp('markdown_it', '__init__.py')}, "
            f"mdit-py-plugins {_package_stamp('mdit_py_plugins', '__init__.py')}")
