"""Card rows from a sheet on the web: a Google Sheet shared by link (or published), or any
``https://`` CSV (an Airtable or Notion CSV export, a published sheet).

``cards: {url: https://docs.google.com/spreadsheets/d/ID/edit#gid=0, sheet: Cards}``

- **Which URL is read.** A Google Sheets link (any URL whose path has
  ``/spreadsheets/d/ID``) is turned into its CSV export: ``…/export?format=csv&gid=N``
  (the ``gid`` of the link, 0 by default) or, with ``sheet: NAME``, the named tab
  (``…/gviz/tq?tqx=out:csv&sheet=NAME``). A published link (``/d/e/…/pub``) is read with
  ``output=csv``. Any other URL is read as it is and must answer CSV.
- **Only** ``https://`` (and ``http://`` to a loopback address, for local tests and
  tools): no credentials are sent or stored, so the sheet must be shared by link or
  published; a link holding a user name or password is refused before any request (and
  never printed); a sign-in page in place of CSV (whatever its Content-Type) is an error
  that says so. Every address a host resolves to is checked before connecting, on every
  redirect (:mod:`.netguard`: no private, link-local or metadata addresses).
- **Bounded:** a connect/read timeout (:data:`TIMEOUT_S`), a whole-download deadline
  (:data:`DEADLINE_S`), at most :data:`MAX_BYTES` of CSV, at most :data:`MAX_REDIRECTS`
  redirects, each to ``https://`` again. The deadline closes the connection wherever the
  transfer is, so a server dripping a byte at a time ends there too.
- **Cached in the project:** every download whose rows make a valid deck is written to
  ``<deck folder>/.deckpress/cache/sheets/<key>.csv`` (with a ``.json`` beside it: the URL
  and when it was fetched). A copy fetched in the last :data:`FRESH_S` seconds is used
  without asking again (one command loads a deck several times, worker processes too);
  an older one is refreshed; when the sheet cannot be reached, the cached copy is used
  with a note saying how old it is (offline work). ``deckpress pull`` refreshes on demand.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import http.client
import ipaddress
import json
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from ..errors import DeckError, Problem, visible
from . import netguard

TIMEOUT_S = 15.0  # connect and each read
DEADLINE_S = 60.0  # the whole download
MAX_BYTES = 20 * 1024 * 1024  # as an XLSX file may be
MAX_REDIRECTS = 5
FRESH_S = 60.0  # a copy this recent is used as it is
SHEETS_CACHE = "sheets"  # a cached sheet lives in <deck folder>/.deckpress/cache/sheets/
CACHE_DIR = Path(".deckpress") / "cache" / SHEETS_CACHE
USER_AGENT = "deckpress (card rows of a print-and-play deck)"

_GOOGLE = re.compile(r"/spreadsheets/d/(?P<id>[A-Za-z0-9_-]+)")
_PUBLISHED = re.compile(r"/spreadsheets/d/e/(?P<id>[A-Za-z0-9_-]+)")


class SheetError(Exception):
    """The sheet could not be read (network, HTTP status, size, not CSV)."""


@dataclass(frozen=True)
class SheetRows:
    """The CSV text of a sheet and where it came from."""

    text: str
    url: str  # as the deck file wrote it
    label: str  # how errors name it: "sheet 'Cards' (docs.google.com/…/d/ID)"
    cache: Path  # the cached copy (card rows point here: suggest --apply refuses to edit it)
    fetched: float  # time.time() of the download
    note: str | None = None  # said once on stderr: offline, the copy's age


def export_url(url: str, sheet: str | None = None) -> str:
    """The URL that answers CSV for ``url`` (a Google Sheets link, or any CSV URL)."""
    parts = urllib.parse.urlsplit(url)
    published = _PUBLISHED.search(parts.path)
    if published:
        query = dict(urllib.parse.parse_qsl(parts.query))
        query["output"] = "csv"
        gid = _gid(parts)
        if gid is not None:
            query["gid"] = gid
        base = parts.path[: published.end()] + "/pub"
        return urllib.parse.urlunsplit((parts.scheme, parts.netloc, base, urllib.parse.urlencode(query), ""))
    found = _GOOGLE.search(parts.path)
    if not found:
        return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))
    base = parts.path[: found.end()]
    if sheet:
        named = urllib.parse.urlencode({"tqx": "out:csv", "sheet": sheet})
        return urllib.parse.urlunsplit((parts.scheme, parts.netloc, base + "/gviz/tq", named, ""))
    tab = urllib.parse.urlencode({"format": "csv", "gid": _gid(parts) or "0"})
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, base + "/export", tab, ""))


def _gid(parts: urllib.parse.SplitResult) -> str | None:
    for text in (parts.fragment, parts.query):
        gid = dict(urllib.parse.parse_qsl(text)).get("gid")
        if gid is not None and gid.isdigit():
            return gid
    return None


def label(url: str, sheet: str | None = None) -> str:
    """How errors name a sheet: short, without the query (a link's query may hold a key)."""
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.netloc.rpartition("@")[2]  # never a user name or password
    except ValueError:
        return "sheet (not a URL)"
    found = _GOOGLE.search(parts.path)
    where = one_line(host + (parts.path[: found.end()] if found else parts.path))
    return f"sheet {one_line(repr(sheet))} ({where})" if sheet else f"sheet {where}"


def url_problem(url: str) -> str | None:
    """Why ``url`` may not be read (None: it may)."""
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # noqa: B018 - a port that is not a number raises here, before any request
    except ValueError:
        return "the link is not a URL"
    if "@" in parts.netloc:
        return ("a sheet link may not hold a user name or password (deckpress sends no credentials): "
                "share the sheet by link or publish it")
    if parts.scheme == "https" and parts.hostname:
        return None
    if parts.scheme == "http" and parts.hostname and _loopback(parts.hostname):
        return None
    if parts.scheme == "http":
        return "only https:// sheet links are read (plain http:// only on this computer, for tests)"
    return f"a sheet link starts with https:// (not {one_line(parts.scheme + '://') if parts.scheme else 'a bare address'})"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Redirects(urllib.request.HTTPRedirectHandler):
    max_redirections = MAX_REDIRECTS

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        why = url_problem(newurl)
        if why:
            raise SheetError(f"the sheet redirects to {label(newurl)}: {why}")
        return super().redirect_request(req, fp, code, msg, headers, newurl)

    def http_error_302(self, req, fp, code, msg, headers):  # type: ignore[no-untyped-def]
        try:
            return super().http_error_302(req, fp, code, msg, headers)
        except urllib.error.HTTPError as exc:
            if exc.code // 100 == 3:  # urllib's own words hold a newline
                raise SheetError(f"the sheet redirects in a loop (or more than {MAX_REDIRECTS} times)") from None
            raise

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def one_line(text: str) -> str:
    """``text`` as one line: newlines and control characters escaped (a server's words, a link)."""
    return visible(text)


def looks_like_a_web_page(data: bytes) -> bool:
    """Whether an answer is HTML (a sign-in page) whatever its Content-Type says."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if not head.startswith(b"<"):
        return False
    return bool(re.search(rb"<(!doctype\s+html|html|head|body|title|meta|script|form|div|!--)[\s>/]", head))


def fetch(url: str, *, timeout: float | None = None, deadline: float | None = None,
          limit: int | None = None, private: bool = False) -> str:
    """The CSV text at ``url`` (already an export URL). Raises :class:`SheetError`.
    Limits default to the module's (read at call time). ``private``: the deck's folder
    allows private-network addresses (:mod:`.netguard`)."""
    timeout = TIMEOUT_S if timeout is None else timeout
    deadline = DEADLINE_S if deadline is None else deadline
    limit = MAX_BYTES if limit is None else limit
    why = url_problem(url)
    if why:
        raise SheetError(why)
    opener, sockets = netguard.opener(private, _Redirects(), urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/csv, */*;q=0.1"})
    late = f"the sheet took longer than {deadline:g} s to download"
    with netguard.Deadline(deadline, sockets) as clock:
        try:
            with opener.open(request, timeout=min(timeout, deadline)) as response:
                kind = (response.headers.get("Content-Type") or "").lower()
                length = response.headers.get("Content-Length")
                if length and length.isdigit() and len(length) < 20 and int(length) > limit:
                    raise SheetError(f"the sheet is larger than {limit // (1024 * 1024)} MB")
                chunks: list[bytes] = []
                size = 0
                while True:
                    chunk = response.read1(64 * 1024)
                    if clock.expired:
                        raise SheetError(late)
                    if not chunk:
                        break
                    size += len(chunk)
                    if size > limit:
                        raise SheetError(f"the sheet is larger than {limit // (1024 * 1024)} MB")
                    chunks.append(chunk)
        except SheetError:
            raise
        except urllib.error.HTTPError as exc:
            if clock.expired:
                raise SheetError(late) from None
            hint = {401: "; share it as 'Anyone with the link can view' or publish it",
                    403: "; share it as 'Anyone with the link can view' or publish it",
                    404: "; check the link (and the sheet name)",
                    400: "; check the link (and the sheet name)"}.get(exc.code, "")
            raise SheetError(f"the server answered {exc.code} {one_line(str(exc.reason))}{hint}") from None
        except urllib.error.URLError as exc:
            reason = exc.reason
            if clock.expired:
                raise SheetError(late) from None
            if isinstance(reason, netguard.AddressRefused):
                raise SheetError(one_line(str(reason))) from None
            if isinstance(reason, TimeoutError):
                raise SheetError(f"no answer within {timeout:g} s") from None
            raise SheetError(f"cannot reach it ({one_line(str(reason))})") from None
        except TimeoutError:
            raise SheetError(late if clock.expired else f"no answer within {timeout:g} s") from None
        except (OSError, ValueError, http.client.HTTPException) as exc:  # a reset, a malformed answer
            if clock.expired:
                raise SheetError(late) from None
            raise SheetError(f"the download failed ({one_line(str(exc) or type(exc).__name__)})") from None
    data = b"".join(chunks)
    if "html" in kind or looks_like_a_web_page(data):
        raise SheetError("the link answered a web page, not CSV: share the sheet as "
                         "'Anyone with the link can view' (or publish it), and give its link")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetError(f"the sheet's CSV is not UTF-8 text (byte {exc.start})") from None


def is_sheet_copy(path: Path) -> bool:
    """Whether ``path`` is a sheet link's cached copy (card rows that live on the web)."""
    return path.parent.parts[-3:] == CACHE_DIR.parts


def cache_paths(folder: Path, url: str, sheet: str | None) -> tuple[Path, Path]:
    key = hashlib.sha256(f"{url}\n{sheet or ''}".encode()).hexdigest()[:20]
    base = folder / CACHE_DIR / key
    return base.with_suffix(".csv"), base.with_suffix(".json")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.deckpress-partial-{os.getpid()}")
    tmp.write_text(text, encoding="utf-8", newline="")
    os.replace(tmp, path)


def _cached(folder: Path, url: str, sheet: str | None) -> tuple[str, float] | None:
    csv_path, meta_path = cache_paths(folder, url, sheet)
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        return csv_path.read_text(encoding="utf-8"), float(meta["fetched"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def age(seconds: float) -> str:
    """``3 min``, ``2 h``, ``5 days``: how old a copy is, in words."""
    seconds = max(0.0, seconds)
    for size, unit in ((86400, "day"), (3600, "h"), (60, "min")):
        if seconds >= size:
            n = int(seconds // size)
            return f"{n} {unit}{'s' if unit == 'day' and n != 1 else ''}"
    return f"{int(seconds)} s"


_PENDING: dict[tuple[Path, str, str | None], SheetRows] = {}  # downloaded, not yet kept (unchecked)


def read_sheet(url: str, sheet: str | None, folder: Path, *, refresh: bool = False,
               now: float | None = None) -> SheetRows:
    """The rows' CSV of ``url``: fetched unless a copy is fresh; the cached copy, with a
    note, when the sheet cannot be reached. Raises :class:`SheetError` when neither works.
    ``refresh``: always ask the sheet (``deckpress pull``).

    A download is not cached yet: the loader calls :func:`keep` once its rows made a valid
    deck, so rows that fail validation never replace the good copy (offline work goes on
    from it). Until then this process reads the download as a fresh copy."""
    why = url_problem(url)
    if why:
        raise SheetError(why)
    now = time.time() if now is None else now
    csv_path, _ = cache_paths(folder, url, sheet)
    name = label(url, sheet)
    pending = _PENDING.get((folder, url, sheet))
    if pending is not None and not refresh and now - pending.fetched < FRESH_S:
        return pending
    cached = _cached(folder, url, sheet)
    if cached is not None and not refresh and now - cached[1] < FRESH_S:
        return SheetRows(cached[0], url, name, csv_path, cached[1])
    try:
        text = fetch(export_url(url, sheet), private=netguard.private_allowed(folder))
    except SheetError as exc:
        if cached is None or refresh:
            raise
        when = _dt.datetime.fromtimestamp(cached[1]).strftime("%Y-%m-%d %H:%M")
        return SheetRows(cached[0], url, name, csv_path, cached[1],
                         note=f"{name}: {exc}; using the copy fetched {age(now - cached[1])} ago ({when})")
    got = SheetRows(text, url, name, csv_path, now)
    _PENDING[(folder, url, sheet)] = got
    return got


def keep(folder: Path, url: str, sheet: str | None) -> None:
    """Cache the download of ``url`` whose rows made a valid deck (atomically: the CSV,
    then when it was fetched). Nothing to do when the rows came from the cache."""
    rows = _PENDING.pop((folder, url, sheet), None)
    if rows is None:
        return
    _write(rows.cache, rows.text)
    _write(rows.cache.with_suffix(".json"),
           json.dumps({"url": url, "sheet": sheet, "fetched": rows.fetched,
                       "fetched_at": _dt.datetime.fromtimestamp(rows.fetched).isoformat(timespec="seconds")},
                      indent=2) + "\n")


def sheet_problem(exc: SheetError, url: str, sheet: str | None, deck_file: Path, line: int | None) -> DeckError:
    return DeckError(Problem(f"{label(url, sheet)}: {exc}", deck_file, line, field="cards"))
