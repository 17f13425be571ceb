"""Reading the bulk files the importer uses, streamed, and fetching them (build time only).

* :func:`iter_objects`: the JSON objects of a card file, one at a time: Scryfall's current bulk
  shape (gzipped JSON Lines, one card object a line, read line by line, never whole), the old
  shape (one JSON array, read whole: the trimmed snapshot and old bulk files are small enough)
  and an API list answer (``{"object": "list", "data": [...]}``).
* :func:`iter_array_items`: the items of one array inside a large JSON object (Commander
  Spellbook's variants export, ``{"timestamp": ..., "variants": [...]}``), decoded one item at a
  time from a sliding buffer.
* :func:`bulk_entry`: the download address and date of one bulk file in Scryfall's bulk-data
  answer (``jsonl_download_uri``, ``updated_at``).
* :func:`fetch_json`, :func:`download`: HTTP with the project's User-Agent; an unreachable
  network raises :class:`Unreachable` (the deploy may then keep the committed data), anything
  else that is wrong raises :class:`SourceError` (the deploy fails).
"""

from __future__ import annotations

import codecs
import gzip
import json
import re
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

USER_AGENT = "coop-magic-rules/1.0 (card-facts importer)"
#: The longest line read from a JSON Lines file (Scryfall's largest card objects are about
#: 20 kB): a longer one is a broken or hostile file, refused before it is decoded.
MAX_LINE = 1_000_000
#: The largest file of the old shape (one JSON array) read whole: the snapshot is 30 MB and
#: the last JSON Oracle Cards file about 160 MB; a larger one is refused (use JSON Lines).
MAX_WHOLE = 600_000_000
#: The largest JSON answer fetched whole (the bulk-data list is a few kB).
MAX_ANSWER = 2_000_000
#: The largest file downloaded (Scryfall's "All Cards" is about 0.5 GB gzipped).
MAX_DOWNLOAD = 4_000_000_000
#: Hosts a bulk file may come from.
HOSTS = re.compile(r"^https://([a-z0-9-]+\.)*(scryfall\.(io|com)|commanderspellbook\.com)/")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
CHUNK = 1 << 16
#: White space and the comma between two items of a list.
_SEPARATOR = re.compile(r"[ \t\r\n]*,?[ \t\r\n]*")


class SourceError(ValueError):
    """A source that cannot be read: a format change, a broken or hostile file. Fails the
    deploy."""


class Unreachable(OSError):
    """The network could not be reached (the deploy may keep the committed data)."""


def _damaged(path: Path, after: int, error: BaseException) -> SourceError:
    return SourceError(f"{path.name} is truncated or damaged after line {after} ({error})")


def iter_objects(path: Path) -> Iterator[Any]:
    """Every item of a card file, streamed when it is JSON Lines (see the module's doc).
    Raises :class:`SourceError` naming the line of anything it cannot read."""
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        stream: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if gzipped else raw
        number = 0
        try:
            first = stream.readline(MAX_LINE + 1)
            head = first.lstrip(b"\xef\xbb\xbf \t\r\n")
            if head.startswith(b"[") or (head.startswith(b"{") and not first.endswith(b"\n")):
                rest = stream.read(MAX_WHOLE + 1)
                if len(first) + len(rest) > MAX_WHOLE:
                    raise SourceError(f"{path.name}: one JSON value of more than "
                                      f"{MAX_WHOLE:,} bytes (not JSON Lines): refused")
                yield from _whole(path, first + rest)
                return
            line = first
            while line:
                number += 1
                if len(line) > MAX_LINE:
                    raise SourceError(f"{path.name}, line {number}: longer than {MAX_LINE:,} "
                                      "bytes, not a card object (a broken or hostile file)")
                if line.strip():
                    item = _decode(line, f"{path.name}, line {number}")
                    if number == 1 and isinstance(item, Mapping) and item.get("object") == "list":
                        yield from _listed(item, path.name)
                        return
                    yield item
                line = stream.readline(MAX_LINE + 1)
        except (EOFError, OSError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
            raise _damaged(path, number, error) from None


def _decode(data: bytes, where: str) -> Any:
    try:
        item = json.loads(data)
    except RecursionError:
        raise SourceError(f"{where}: nested too deeply to be a card object") from None
    except json.JSONDecodeError as error:
        raise SourceError(f"{where}: not JSON ({error.msg}, column {error.colno})") from None
    except ValueError as error:  # not UTF-8
        raise SourceError(f"{where}: not UTF-8 JSON ({error})") from None
    if not isinstance(item, Mapping):
        raise SourceError(f"{where}: not a JSON object but {type(item).__name__}")
    return item


def _whole(path: Path, data: bytes) -> Iterator[Any]:
    try:
        items = json.loads(data.decode("utf-8-sig"))
    except RecursionError:
        raise SourceError(f"{path.name}: nested too deeply to be card data") from None
    except ValueError as error:
        raise SourceError(f"{path.name}: not JSON ({error})") from None
    if isinstance(items, Mapping):
        yield from _listed(items, path.name)
        return
    if not isinstance(items, list):
        raise SourceError(f"{path.name}: expected a JSON list of Scryfall card objects")
    yield from items


def _listed(answer: Mapping[str, Any], name: str) -> Iterator[Any]:
    data = answer.get("data")
    if not isinstance(data, list):
        raise SourceError(f"{name}: a JSON object without a 'data' list (keys: "
                          f"{', '.join(sorted(map(str, answer))[:12])}), not card data")
    yield from data


def iter_array_items(stream: IO[bytes], key: str, meta: dict[str, Any],
                     where: str = "the export") -> Iterator[Any]:
    """The items of the array under the top-level ``key`` of one large JSON object, decoded
    one at a time (each at most :data:`MAX_LINE` bytes); the object's other string and
    number members (``timestamp``, ``version``) go into ``meta``."""
    decoder = json.JSONDecoder()
    utf8 = codecs.getincrementaldecoder("utf-8")()
    text = ""
    done = False

    def more() -> bool:
        nonlocal text, done
        chunk = stream.read(CHUNK)
        text += utf8.decode(chunk, final=not chunk)
        done = not chunk
        return not done

    marker = re.compile(r'"' + re.escape(key) + r'"\s*:\s*\[')
    try:
        while not (found := marker.search(text)):
            if len(text) > MAX_LINE:
                raise SourceError(f"{where}: no '{key}' list near its start")
            if not more():
                raise SourceError(f"{where}: no '{key}' list (a JSON object with "
                                  f"'{key}' was expected)")
        _members(text[:found.start()], meta)
        text = text[found.end():]
        position = 0
        count = 0
        while True:
            position = _SEPARATOR.match(text, position).end()  # type: ignore[union-attr]
            if position >= len(text):
                if not more():
                    raise SourceError(f"{where}: ends inside the '{key}' list after {count} "
                                      "items (truncated)")
                continue
            if text[position] == "]":
                break
            try:
                item, end = decoder.raw_decode(text, position)
            except json.JSONDecodeError as error:
                if not done and len(text) - position <= MAX_LINE and more():
                    continue
                what = "truncated" if done else "an item too long or not JSON"
                raise SourceError(f"{where}: item {count + 1} of '{key}' cannot be read "
                                  f"({what}: {error.msg})") from None
            except RecursionError:
                raise SourceError(f"{where}: item {count + 1} of '{key}' is nested too "
                                  "deeply") from None
            count += 1
            yield item
            position = end
            if position > CHUNK:
                text, position = text[position:], 0
        while len(text) - position < MAX_LINE and more():
            pass  # the members after the list (their size bounded)
        _members(text[position + 1:], meta)
    except UnicodeDecodeError as error:
        raise SourceError(f"{where}: not UTF-8 ({error})") from None
    except (EOFError, OSError, zlib.error) as error:
        raise SourceError(f"{where} is truncated or damaged ({error})") from None


def _members(text: str, meta: dict[str, Any]) -> None:
    for match in re.finditer(r'"(\w+)"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)', text):
        try:
            meta.setdefault(match.group(1), json.loads(match.group(2)))
        except ValueError:
            continue


def bulk_entry(answer: Any, kind: str) -> tuple[str, str, str]:
    """(address, date, shape) of the bulk file of type ``kind`` (``oracle_cards``,
    ``all_cards``) in Scryfall's bulk-data answer: the list object (``{"object": "list",
    "data": [...]}``) or one bulk-data object. ``shape`` is ``jsonl`` (the current
    ``jsonl_download_uri``) or ``json`` (the old ``download_uri``, read when no JSON Lines
    address is given)."""
    if not isinstance(answer, Mapping):
        raise SourceError("Scryfall's bulk-data answer is not a JSON object")
    if answer.get("object") == "error":
        raise SourceError(f"Scryfall answered with an error: {answer.get('details', '')}")
    single = answer.get("object") == "bulk_data" or "type" in answer
    entries = [answer] if single else answer.get("data")
    if not isinstance(entries, list):
        raise SourceError("Scryfall's bulk-data answer has no 'data' list (keys: "
                          f"{', '.join(sorted(map(str, answer)))})")
    entry = next((e for e in entries if isinstance(e, Mapping) and e.get("type") == kind), None)
    if entry is None:
        types = sorted(str(e.get("type")) for e in entries if isinstance(e, Mapping))
        raise SourceError(f"Scryfall's bulk-data answer lists no '{kind}' file (types: "
                          f"{', '.join(types) or 'none'})")
    shape, uri = "jsonl", entry.get("jsonl_download_uri")
    if uri is None and "download_uri" in entry:
        shape, uri = "json", entry.get("download_uri")
    if not isinstance(uri, str):
        raise SourceError(f"the '{kind}' bulk file has no jsonl_download_uri (keys: "
                          f"{', '.join(sorted(map(str, entry)))})")
    if not HOSTS.match(uri):
        raise SourceError(f"the '{kind}' bulk file's address is not an https address of "
                          f"Scryfall: {uri[:120]!r}")
    date = str(entry.get("updated_at") or "")
    if not _DATE.match(date):
        raise SourceError(f"the '{kind}' bulk file has no updated_at date ({date[:40]!r})")
    return uri, date[:10], shape


def _request(url: str, accept: str) -> Any:
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": accept})
    try:
        return urllib.request.urlopen(request, timeout=120)  # noqa: S310 - https only
    except urllib.error.HTTPError as error:
        if error.code >= 500 or error.code == 429:
            raise Unreachable(f"{url} answered HTTP {error.code}") from None
        raise SourceError(f"{url} answered HTTP {error.code} (the address or the API "
                          "changed?)") from None
    except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
        raise Unreachable(f"{url} could not be reached ({error})") from None


def fetch_json(url: str) -> Any:
    """A small JSON answer (at most :data:`MAX_ANSWER` bytes)."""
    with _request(url, "application/json") as response:
        try:
            data = response.read(MAX_ANSWER + 1)
        except (TimeoutError, ConnectionError) as error:
            raise Unreachable(f"{url}: the connection broke ({error})") from None
    if len(data) > MAX_ANSWER:
        raise SourceError(f"{url}: the answer is larger than {MAX_ANSWER:,} bytes")
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        raise SourceError(f"{url}: the answer is not JSON ({error})") from None


def download(url: str, target: Path) -> int:
    """Stream ``url`` to ``target`` (at most :data:`MAX_DOWNLOAD` bytes); the byte count."""
    total = 0
    with _request(url, "*/*") as response, target.open("wb") as out:
        try:
            while chunk := response.read(CHUNK * 16):
                total += len(chunk)
                if total > MAX_DOWNLOAD:
                    raise SourceError(f"{url}: larger than {MAX_DOWNLOAD:,} bytes")
                out.write(chunk)
        except (TimeoutError, ConnectionError) as error:
            raise Unreachable(f"{url}: the connection broke after {total:,} bytes "
                              f"({error})") from None
    return total
