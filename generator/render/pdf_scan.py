"""Read every drawing of a PDF for preflight: what each colour, image and shading puts where.

:func:`scan_page` follows one page's content stream and everything it draws —
form XObjects, tiling patterns, shading patterns, ``sh`` shadings, Type 3 glyph
procedures and inline images — with the graphics state (transformation matrix,
clip, fill and stroke colour) carried through ``q``/``Q``/``cm``. Each mark it
finds becomes a :class:`Mark`: its colour space, its ink (the largest C + M + Y + K
it can print, when the colour is CMYK), its place on the page (a box in points,
None where it cannot be told: text, Type 3 glyphs) and, for images, its
resolution at the size it is placed.

Every colour space is resolved to what it rests on (:func:`resolve_space`): an Indexed
space to its base, a Separation or DeviceN to its alternate, an ICCBased profile to its
alternate (or the device space of its component count), through named resources and
the abbreviations of inline images (``/CS [/I /CMYK 1 <...>]``); the whole chain is
judged. The ink of a process separation (``Cyan``, ``Magenta``, ``Yellow``, ``Black``
in a Separation or DeviceN space) is measured plate by plate, and an overprinting
object (``/OP``, ``/op``, ``/OPM`` in an ExtGState) is measured with the plates it
leaves standing underneath. Transparency (soft masks, alpha, blend modes, transparency
groups), fonts, and the features a PDF version introduced (JPEG2000, 16-bit images,
optional content) are kept with the page and place they are used at.

Places are told in the designer's terms — "page 3, 42 x 61 mm from the lower left
corner" — never by internal object names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MAX_DEPTH = 16  # forms and patterns drawing themselves: stop
SAMPLES = 33  # points at which a shading's colour function is evaluated
REGISTRATION_INK = 4.0
_DEVICE = {b"rg": "DeviceRGB", b"RG": "DeviceRGB", b"g": "DeviceGray", b"G": "DeviceGray",
           b"k": "DeviceCMYK", b"K": "DeviceCMYK"}
_ABBREVIATED = {"G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK", "I": "Indexed"}
PROCESS = ("Cyan", "Magenta", "Yellow", "Black")  # the process colorants of Separation and DeviceN
_BY_COMPONENTS = {1: "DeviceGray", 3: "DeviceRGB", 4: "DeviceCMYK"}
OPTIONAL = "optional content (a layer that may be hidden)"
_PAINT_FILL = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_PAINT_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_PATH_OPS = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4}
_TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}


@dataclass(frozen=True)
class Space:
    """A colour space resolved: its family and what it rests on (``chain``: the family first,
    then an Indexed base or a Separation, DeviceN or ICCBased alternate, and so on), and the
    colorants of a Separation or DeviceN."""

    chain: tuple[str, ...]
    colorants: tuple[str, ...] = ()

    @property
    def family(self) -> str:
        return self.chain[0]

    @property
    def label(self) -> str:
        """``DeviceRGB``, ``Indexed on DeviceRGB``, ``Separation on a Lab alternate``, ..."""
        if len(self.chain) == 1:
            return self.chain[0]
        rest = " on ".join(self.chain[1:])
        if self.family in ("Separation", "DeviceN", "ICCBased"):
            names = f" {' '.join(self.colorants)}" if self.colorants else ""
            return f"{self.family}{names} on a {rest} alternate"
        return f"{self.family} on {rest}"

    @property
    def process(self) -> bool:
        """Separation or DeviceN whose colorants are process inks (or None)."""
        return bool(self.colorants) and all(c in (*PROCESS, "None") for c in self.colorants)


DEVICE_GRAY = Space(("DeviceGray",))


def resolve_space(raw: Any, named: Any = None, depth: int = 0) -> Space:
    """The colour space ``raw`` (a name, a named resource, an array; inline abbreviations
    allowed) with everything it rests on."""
    raw = _obj(raw)
    if depth > 8:
        return Space(("unknown",))
    name = str(raw).lstrip("/") if not isinstance(raw, list) else ""
    if name and named is not None and f"/{name}" in named and name not in ("Pattern",):
        return resolve_space(named[f"/{name}"], None, depth + 1) if depth < 8 else Space((name,))
    if name:
        return Space((_ABBREVIATED.get(name, name),))
    if not raw:
        return Space(("unknown",))
    family = _ABBREVIATED.get(str(raw[0]).lstrip("/"), str(raw[0]).lstrip("/"))
    try:
        if family == "Indexed" and len(raw) > 1:
            return Space((family, *resolve_space(raw[1], named, depth + 1).chain))
        if family == "Pattern":
            return Space(("Pattern", *(resolve_space(raw[1], named, depth + 1).chain if len(raw) > 1 else ())))
        if family == "Separation" and len(raw) > 2:
            return Space((family, *resolve_space(raw[2], named, depth + 1).chain), (str(raw[1]).lstrip("/"),))
        if family == "DeviceN" and len(raw) > 2:
            colorants = tuple(str(c).lstrip("/") for c in _obj(raw[1]) or [])
            return Space((family, *resolve_space(raw[2], named, depth + 1).chain), colorants)
        if family == "ICCBased" and len(raw) > 1:
            stream = _dict(raw[1])
            if "/Alternate" in stream:
                return Space((family, *resolve_space(stream["/Alternate"], named, depth + 1).chain))
            base = _BY_COMPONENTS.get(int(stream.get("/N", 0)))
            return Space((family, base) if base else (family,))
    except (TypeError, ValueError, KeyError, IndexError):
        pass
    return Space((family,))


@dataclass(frozen=True)
class Colour:
    space: str  # DeviceCMYK, DeviceRGB, ICCBased, Separation, Pattern, ... (the family)
    values: tuple[float, ...] = ()
    registration: bool = False  # all four inks at 100 % or the Separation /All
    all_plates: bool = False  # the Separation /All colour space (any tint above 0 is registration)
    resolved: Space | None = None  # the space with its base or alternate (None: ``space`` alone)
    pattern: Any = None  # a pattern colour: the pattern, drawn where the colour paints

    @property
    def chain(self) -> Space:
        return self.resolved or Space((self.space,))

    @property
    def plates(self) -> tuple[float, float, float, float] | None:
        """C, M, Y, K this colour prints (process colours only; None where not known)."""
        if self.space == "DeviceCMYK" and len(self.values) == 4:
            return self.values  # type: ignore[return-value]
        space = self.chain
        if space.process and len(self.values) == len(space.colorants):
            named = dict(zip(space.colorants, self.values, strict=True))
            return tuple(float(named.get(c, 0.0)) for c in PROCESS)  # type: ignore[return-value]
        return None

    def painted(self, opm: int) -> tuple[bool, bool, bool, bool]:
        """Which plates an overprinting object in this colour paints (the others stand)."""
        if self.space == "DeviceCMYK":
            return tuple(v != 0 for v in self.values) if opm == 1 else (True,) * 4  # type: ignore[return-value]
        colorants = self.chain.colorants
        return tuple(c in colorants for c in PROCESS)  # type: ignore[return-value]

    @property
    def ink(self) -> float | None:
        if self.registration:
            return REGISTRATION_INK
        plates = self.plates
        return sum(plates) if plates is not None else None


@dataclass(frozen=True)
class Mark:
    """One thing painted: by what (``kind``), in which colour space, with how much ink, where."""

    page: int
    kind: str  # fill, stroke, text, shading, image, inline image, glyph
    space: str
    ink: float | None = None
    box: Box | None = None  # points on the page; None: not known
    registration: bool = False
    ppi: float | None = None
    pixels: tuple[int, int] | None = None
    note: str = ""  # what it is inside (a tiling pattern, a Type 3 glyph, a shading pattern)
    label: str = ""  # the space with its base or alternate (``space`` where it has none)
    chain: tuple[str, ...] = ()  # every space it rests on (``space`` first)
    plates: tuple[float, float, float, float] | None = None
    at: Box | None = None  # where text starts (a point), for naming the place only
    overprint: bool = False  # its ink counts the plates standing under it
    solid: bool = False  # an opaque filled rectangle: it hides everything under it within its box

    @property
    def place(self) -> Box | None:
        return self.box if self.box is not None else self.at


@dataclass(frozen=True)
class Finding:
    """Something used on a page (a soft mask, a blend mode, a font, a JPEG2000 image) and where."""

    what: str
    mark: Mark


@dataclass
class PageScan:
    marks: list[Mark] = field(default_factory=list)
    fonts: dict[int, tuple[str, bool]] = field(default_factory=dict)  # object id -> (name, embedded)
    font_places: dict[int, Mark] = field(default_factory=dict)  # object id -> where it is first shown
    transparency: list[Finding] = field(default_factory=list)
    features: list[Finding] = field(default_factory=list)  # what a later PDF version brought in
    transfer: bool = False
    unmeasured: set[str] = field(default_factory=set)  # shadings whose ink cannot be computed


@dataclass(frozen=True)
class _State:
    ctm: Matrix = IDENTITY
    clip: Box | None = None
    fill: Colour = Colour("DeviceGray", (0.0,))
    stroke: Colour = Colour("DeviceGray", (0.0,))
    width: float = 1.0  # line width, user units
    alpha: str = ""  # the transparency the current ExtGState brings ('' none)
    op_fill: bool = False  # overprint (fills, text)
    op_stroke: bool = False  # overprint (strokes)
    opm: int = 0  # overprint mode
    tm: Matrix = IDENTITY  # text matrix
    tlm: Matrix = IDENTITY  # text line matrix
    leading: float = 0.0


def _with_colour(state: _State, colour: Colour, *, stroke: bool) -> _State:
    return replace(state, stroke=colour) if stroke else replace(state, fill=colour)


def _grow(box: Box | None, by: float) -> Box | None:
    return None if box is None else (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _bbox(points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _meet(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _unit_square(ctm: Matrix) -> Box | None:
    return _bbox([_apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))])


def _obj(value: Any) -> Any:
    return value.get_object() if hasattr(value, "get_object") else value


def _dict(value: Any) -> Any:
    value = _obj(value)
    return value if value is not None else {}


def space_of(raw: Any, named: Any = None) -> tuple[str, Any]:
    """The family name of a colour space (a name, a named resource or an array) and its object."""
    raw = _obj(raw)
    if isinstance(raw, str) and named is not None and raw in named:
        raw = _obj(named[raw])
    if isinstance(raw, list) and raw:
        return _ABBREVIATED.get(str(raw[0]).lstrip("/"), str(raw[0]).lstrip("/")), raw
    name = str(raw).lstrip("/")
    return _ABBREVIATED.get(name, name), raw


def _is_all(raw: Any) -> bool:
    return isinstance(raw, list) and len(raw) > 1 and str(raw[0]) == "/Separation" and str(raw[1]) == "/All"


def font_embedded(font: Any) -> tuple[str, bool]:
    name = str(font.get("/BaseFont", font.get("/Name", "?"))).lstrip("/")
    if font.get("/Subtype") == "/Type3":
        return name, True
    for descendant in font.get("/DescendantFonts") or []:
        font = descendant.get_object()
    descriptor = _dict(font.get("/FontDescriptor"))
    return name, any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


# colour functions of shadings -------------------------------------------------
def function_inks(fn: Any) -> np.ndarray | None:
    """The output colours of a shading's function (rows of components) at sample points;
    None when it cannot be evaluated (a PostScript calculator function)."""
    fn = _obj(fn)
    if isinstance(fn, list):  # one single-output function per colour component
        parts = [function_inks(f) for f in fn]
        if any(p is None for p in parts):
            return None
        rows = min(len(p) for p in parts)  # type: ignore[arg-type]
        return np.concatenate([p[:rows] for p in parts], axis=1)  # type: ignore[index]
    kind = int(fn.get("/FunctionType", -1))
    if kind == 2:
        c0 = np.array([float(v) for v in fn.get("/C0", [0.0])])
        c1 = np.array([float(v) for v in fn.get("/C1", [1.0])])
        t = np.linspace(0.0, 1.0, SAMPLES)[:, None] ** float(fn.get("/N", 1))
        return c0 + t * (c1 - c0)
    if kind == 3:
        parts = [function_inks(f) for f in fn.get("/Functions") or []]
        if not parts or any(p is None for p in parts):
            return None
        return np.concatenate(parts, axis=0)  # type: ignore[arg-type]
    if kind == 0:
        return _sampled(fn)
    return None


def _sampled(fn: Any) -> np.ndarray | None:
    bits = int(fn.get("/BitsPerSample", 8))
    outputs = len(fn.get("/Range", [])) // 2
    if bits not in (8, 16) or not outputs:
        return None
    data = np.frombuffer(fn.get_data(), dtype=np.uint8 if bits == 8 else ">u2")
    count = len(data) // outputs
    samples = data[: count * outputs].reshape(count, outputs).astype(float) / (2 ** bits - 1)
    rng = [float(v) for v in fn["/Range"]]
    decode = [float(v) for v in fn.get("/Decode", rng)]
    lo, hi = np.array(decode[0::2]), np.array(decode[1::2])
    return lo + samples * (hi - lo)


# the walk ---------------------------------------------------------------------
def _transparency_of(gs: Any) -> str:
    """The transparency an ExtGState brings, in words ('' none)."""
    found = []
    if gs.get("/SMask") not in (None, "/None"):
        found.append("soft mask (ExtGState)")
    for key in ("/CA", "/ca"):
        if key in gs and float(gs[key]) < 1:
            found.append("constant alpha below 1")
            break
    if gs.get("/BM") not in (None, "/Normal", "/Compatible"):
        mode = gs.get("/BM")
        mode = _obj(mode[0]) if isinstance(_obj(mode), list) and _obj(mode) else mode
        found.append(f"blend mode {str(mode).lstrip('/')}")
    return ", ".join(found)


class _Walker:
    def __init__(self, reader: PdfReader, number: int, scan: PageScan, inks: dict[int, float | None]) -> None:
        self.reader, self.number, self.scan, self.inks = reader, number, scan, inks
        self.type3_done: set[int] = set()
        self.patterns_done: set[int] = set()
        self.smasks_done: set[int] = set()
        self.optional = False  # inside optional content (``/OC ... BDC``) nothing has been drawn yet

    def walk(self, contents: Any, resources: Any, state: _State, depth: int = 0, note: str = "") -> None:
        if depth > MAX_DEPTH or contents is None:
            return
        res = _dict(resources)
        self._resources(res)
        named_spaces = _dict(res.get("/ColorSpace"))
        patterns = _dict(res.get("/Pattern"))
        xobjects = _dict(res.get("/XObject"))
        shadings = _dict(res.get("/Shading"))
        fonts = _dict(res.get("/Font"))
        states = _dict(res.get("/ExtGState"))
        stack = [state]
        path: list[tuple[float, float]] = []
        starts: list[int] = []  # where each subpath begins in ``path``
        clip_next = False
        rects = 0  # rectangles (re) in the path
        font_key: int | None = None
        for operands, op in ContentStream(contents, self.reader).operations:
            st = stack[-1]
            if op == b"q":
                stack.append(st)
            elif op == b"Q":
                if len(stack) > 1:
                    stack.pop()
            elif op == b"cm":
                stack[-1] = replace(st, ctm=mul(tuple(float(v) for v in operands), st.ctm))  # type: ignore[arg-type]
            elif op == b"gs":
                stack[-1] = self._gs(states.get(str(operands[0])), st)
            elif op in _DEVICE:
                values = tuple(float(v) for v in operands)
                colour = Colour(_DEVICE[op], values, registration=values == (1.0, 1.0, 1.0, 1.0))
                stack[-1] = _with_colour(st, colour, stroke=op.isupper())
            elif op in (b"cs", b"CS"):
                _, raw = space_of(operands[0], named_spaces)
                resolved = resolve_space(operands[0], named_spaces)
                colour = Colour(resolved.family, all_plates=_is_all(raw), resolved=resolved)
                stack[-1] = _with_colour(st, colour, stroke=op == b"CS")
            elif op in (b"sc", b"scn", b"SC", b"SCN"):
                stroke = op in (b"SC", b"SCN")
                current = st.stroke if stroke else st.fill
                names = [v for v in operands if str(v).startswith("/")]
                numbers = tuple(float(v) for v in operands if not str(v).startswith("/"))
                if names and current.space == "Pattern":
                    colour = replace(current, pattern=patterns.get(str(names[0])), values=numbers)
                    stack[-1] = _with_colour(st, colour, stroke=stroke)
                    continue
                colour = replace(current, values=numbers)
                registration = ((current.all_plates and any(numbers))
                                or colour.plates == (1.0, 1.0, 1.0, 1.0))
                stack[-1] = _with_colour(st, replace(colour, registration=registration), stroke=stroke)
            elif op in _PATH_OPS:
                if op == b"m" or not starts:
                    starts.append(len(path))
                nums = [float(v) for v in operands]
                path += [_apply(st.ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                starts.append(len(path))
                rects += 1 if st.ctm[1] == st.ctm[2] == 0 else 2  # turned: not a solid box any more
                path += [_apply(st.ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            elif op == b"w":
                stack[-1] = replace(st, width=float(operands[0]))
            elif op in (b"W", b"W*"):
                clip_next = True
            elif op in _PAINT_FILL or op in _PAINT_STROKE or op == b"n":
                half = st.width * math.sqrt(abs(st.ctm[0] * st.ctm[3] - st.ctm[1] * st.ctm[2])) / 2
                for paints, kind, colour in ((_PAINT_FILL, "fill", st.fill), (_PAINT_STROKE, "stroke", st.stroke)):
                    if op not in paints:
                        continue
                    grow = half if kind == "stroke" else 0.0
                    if colour.registration:  # crop marks: each line on its own, to tell where it lies
                        for a, b in zip(starts, [*starts[1:], len(path)]):  # noqa: B905 (none when empty)
                            self._mark(kind, colour, _meet(st.clip, _grow(_bbox(path[a:b]), grow)), note, st,
                                       depth)
                    else:
                        rect = kind == "fill" and len(starts) == 1 and rects == 1 and st.clip is None
                        self._mark(kind, colour, _meet(st.clip, _grow(_bbox(path), grow)), note, st, depth,
                                   solid=rect)
                if clip_next:
                    stack[-1] = replace(st, clip=_meet(st.clip, _bbox(path)))
                path, starts, clip_next, rects = [], [], False, 0
            elif op == b"BT":
                stack[-1] = replace(st, tm=IDENTITY, tlm=IDENTITY)
            elif op == b"Tm":
                m = tuple(float(v) for v in operands)
                stack[-1] = replace(st, tm=m, tlm=m)  # type: ignore[arg-type]
            elif op in (b"Td", b"TD"):
                tx, ty = (float(v) for v in operands[:2])
                m = mul((1.0, 0.0, 0.0, 1.0, tx, ty), st.tlm)
                stack[-1] = replace(st, tm=m, tlm=m, leading=-ty if op == b"TD" else st.leading)
            elif op == b"TL":
                stack[-1] = replace(st, leading=float(operands[0]))
            elif op == b"T*":
                m = mul((1.0, 0.0, 0.0, 1.0, 0.0, -st.leading), st.tlm)
                stack[-1] = replace(st, tm=m, tlm=m)
            elif op in _TEXT_SHOW:
                if op in (b"'", b'"'):
                    m = mul((1.0, 0.0, 0.0, 1.0, 0.0, -st.leading), st.tlm)
                    st = stack[-1] = replace(st, tm=m, tlm=m)
                x, y = _apply(mul(st.tm, st.ctm), 0.0, 0.0)
                mark = self._mark("text", st.fill, None, note, st, depth, at=(x, y, x, y))
                if font_key is not None and font_key not in self.scan.font_places and mark is not None:
                    self.scan.font_places[font_key] = mark
            elif op == b"Tf":
                ref = fonts.get(str(operands[0]))
                font = _dict(ref)
                font_key = getattr(ref, "idnum", id(font)) if font else None
                if font.get("/Subtype") == "/Type3":
                    self._type3(font, res, st, depth)
            elif op == b"sh":
                self._shading(shadings.get(str(operands[0])), st.clip, "a shading" if not note else note, st)
            elif op == b"INLINE IMAGE":
                self._inline(operands, st, named_spaces, note)
            elif op == b"Do":
                self._do(xobjects.get(str(operands[0])), res, st, depth, note)
            elif op in (b"BDC", b"BMC") and operands and str(operands[0]) == "/OC":
                self.optional = True  # named with the first thing drawn in it

    def _gs(self, ref: Any, st: _State) -> _State:
        gs = _dict(ref)
        if not gs:
            return st
        alpha = _transparency_of(gs)
        op_stroke = bool(gs["/OP"]) if "/OP" in gs else st.op_stroke
        op_fill = bool(gs["/op"]) if "/op" in gs else (bool(gs["/OP"]) if "/OP" in gs else st.op_fill)
        opm = int(gs["/OPM"]) if "/OPM" in gs else st.opm
        return replace(st, alpha=alpha if alpha else ("" if _resets(gs) else st.alpha),
                       op_fill=op_fill, op_stroke=op_stroke, opm=opm)

    def _resources(self, res: Any) -> None:
        for ref in _dict(res.get("/Font")).values():
            font = _obj(ref)
            key = getattr(ref, "idnum", id(font))
            if key not in self.scan.fonts:
                self.scan.fonts[key] = font_embedded(font)
        for ref in _dict(res.get("/ExtGState")).values():
            gs = _dict(ref)
            for key in ("/TR", "/TR2"):
                if key in gs and str(gs[key]) not in ("/Identity", "/Default"):
                    self.scan.transfer = True

    def _mark(self, kind: str, colour: Colour, box: Box | None, note: str, st: _State | None = None,
              depth: int = 0, at: Box | None = None, solid: bool = False) -> Mark | None:
        if colour.space == "Pattern":
            if colour.pattern is not None and st is not None:
                self._pattern(colour.pattern, st, box, depth, kind)
            if colour.chain.chain[1:] and colour.values:  # an uncoloured pattern: its colour space
                under = Space(colour.chain.chain[1:])
                self._add(Mark(self.number, kind, under.family, None, box, note=note, label=under.label,
                               chain=under.chain, at=at), st, kind)
            return None
        overprint = st is not None and (st.op_stroke if kind == "stroke" else st.op_fill)
        mark = Mark(self.number, kind, colour.space, colour.ink, box, registration=colour.registration, note=note,
                    label=colour.chain.label, chain=colour.chain.chain, plates=colour.plates, at=at,
                    solid=solid and not overprint and not note and not (st is not None and st.alpha))
        if overprint and colour.plates is not None or overprint and colour.chain.colorants:
            mark = self._overprinted(mark, colour, st.opm if st is not None else 0)
        self._add(mark, st, kind)
        return mark

    def _add(self, mark: Mark, st: _State | None, kind: str) -> None:
        self.scan.marks.append(mark)
        if self.optional:
            self.optional = False
            self.scan.features.append(Finding(OPTIONAL, mark))
        if st is not None and st.alpha:
            self.scan.transparency.append(Finding(st.alpha, mark))

    def _overprinted(self, mark: Mark, colour: Colour, opm: int) -> Mark:
        """``mark`` with the ink of its plates over what stands under it (it paints only some plates)."""
        painted = colour.painted(opm)
        own = mark.plates or (0.0, 0.0, 0.0, 0.0)
        worst = mark.ink
        for under in reversed(self.scan.marks):  # the latest first: down to an opaque box that hides the rest
            if under.page != mark.page or under.registration:
                continue
            if mark.box is not None and under.box is not None and not _overlapping(mark.box, under.box):
                continue
            if under.plates is not None:
                total = sum(o if p else u for o, u, p in zip(own, under.plates, painted, strict=True))
                if worst is None or total > worst:
                    worst = total
            if under.solid and mark.box is not None and under.box is not None and _covers(under.box, mark.box):
                break
        return replace(mark, ink=worst, overprint=True, note=mark.note or "overprinting")

    def _pattern(self, ref: Any, st: _State, box: Box | None, depth: int, kind: str) -> None:
        pattern = _dict(ref)
        key = getattr(ref, "idnum", None) or id(pattern)
        if key in self.patterns_done:
            return
        self.patterns_done.add(key)
        matrix = tuple(float(v) for v in pattern.get("/Matrix", IDENTITY))
        if int(pattern.get("/PatternType", 0)) == 1:  # tiling: its own content stream, placed where it paints
            self.walk(pattern, pattern.get("/Resources"), _State(ctm=matrix, clip=box),  # type: ignore[arg-type]
                      depth + 1, "a tiling pattern")
        elif int(pattern.get("/PatternType", 0)) == 2:
            gs = _dict(pattern.get("/ExtGState"))
            self._shading(pattern.get("/Shading"), box, "a shading pattern",
                          replace(st, alpha=_transparency_of(gs) or st.alpha) if gs else st)

    def _shading(self, ref: Any, clip: Box | None, note: str, st: _State | None = None) -> None:
        shading = _dict(ref)
        if not shading:
            return
        raw = shading.get("/ColorSpace", "/DeviceGray")
        space = resolve_space(raw)
        ink: float | None = None
        fn = shading.get("/Function")
        if space.family == "DeviceCMYK" or space.process:
            values = function_inks(fn) if fn is not None else None
            if values is None:
                self.scan.unmeasured.add(f"{note} on page {self.number}")
            elif space.family == "DeviceCMYK" and values.shape[1] == 4:
                ink = float(values.sum(axis=1).max())
            elif values.shape[1] == len(space.colorants):
                process = [i for i, c in enumerate(space.colorants) if c in PROCESS]
                ink = float(values[:, process].sum(axis=1).max()) if process else None
        self._add(Mark(self.number, "shading", space.family, ink, clip, registration=_is_all(_obj(raw)), note=note,
                       label=space.label, chain=space.chain), st, "shading")

    def _type3(self, font: Any, res: Any, st: _State, depth: int) -> None:
        key = id(font)
        if key in self.type3_done:
            return
        self.type3_done.add(key)
        glyph_res = font.get("/Resources") or res
        for proc in _dict(font.get("/CharProcs")).values():
            self.walk(_obj(proc), glyph_res, _State(fill=st.fill, stroke=st.stroke), depth + 1,
                      "a Type 3 glyph")

    def _inline(self, operands: Any, st: _State, named_spaces: Any, note: str) -> None:
        settings = operands.get("settings", {}) if isinstance(operands, dict) else {}
        if settings.get("/IM", settings.get("/ImageMask")) in (True, "true"):
            self._mark("inline image", st.fill, _unit_square(st.ctm), note, st)
            return
        space = resolve_space(settings.get("/CS", settings.get("/ColorSpace", "/DeviceGray")), named_spaces)
        w, h = int(settings.get("/W", settings.get("/Width", 0))), int(settings.get("/H", settings.get("/Height", 0)))
        mark = Mark(self.number, "inline image", space.family, None, _unit_square(st.ctm), ppi=_ppi(st.ctm, w, h),
                    pixels=(w, h), note=note, label=space.label, chain=space.chain)
        self._add(mark, st, "inline image")
        if int(settings.get("/BPC", settings.get("/BitsPerComponent", 8))) == 16:
            self.scan.features.append(Finding("a 16-bit image", mark))

    def _do(self, ref: Any, res: Any, st: _State, depth: int, note: str) -> None:
        obj = _dict(ref)
        if obj.get("/Subtype") == "/Image":
            self._image(ref, obj, st, note)
        elif obj.get("/Subtype") == "/Form":
            matrix = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
            ctm = mul(matrix, st.ctm)  # type: ignore[arg-type]
            bbox = [float(v) for v in obj.get("/BBox", [0, 0, 0, 0])]
            box = _meet(st.clip, _bbox([_apply(ctm, x, y) for x in bbox[0::2] for y in bbox[1::2]]))
            place = Mark(self.number, "form", "", None, box, note=note)
            group = _dict(obj.get("/Group"))
            if group.get("/S") == "/Transparency":
                self.scan.transparency.append(Finding("transparency group (a form)", place))
            if obj.get("/OC") is not None:
                self.scan.features.append(Finding(OPTIONAL, place))
            self.walk(obj, obj.get("/Resources") or res, replace(st, ctm=ctm), depth + 1, note)

    def _image(self, ref: Any, image: Any, st: _State, note: str) -> None:
        w, h = int(image.get("/Width", 0)), int(image.get("/Height", 0))
        if image.get("/ImageMask"):
            self._mark("image", st.fill, _unit_square(st.ctm), note, st)
            return
        space = resolve_space(image.get("/ColorSpace", "/DeviceGray"))
        filters = image.get("/Filter")
        filters = [str(f) for f in _obj(filters)] if isinstance(_obj(filters), list) else [str(filters)]
        jpx = "/JPXDecode" in filters
        ink = None
        if space.family == "DeviceCMYK":
            key = getattr(ref, "idnum", None) or id(image)
            if key not in self.inks:
                self.inks[key] = _image_ink(image)
            ink = self.inks[key]
        mark = Mark(self.number, "image", space.family if not jpx or "/ColorSpace" in image else "JPX", ink,
                    _unit_square(st.ctm), ppi=_ppi(st.ctm, w, h), pixels=(w, h), note=note,
                    label=space.label if not jpx or "/ColorSpace" in image else "a colour space inside the "
                    "JPEG2000 data", chain=space.chain if not jpx or "/ColorSpace" in image else ())
        self._add(mark, st, "image")
        if image.get("/SMask") is not None or image.get("/SMaskInData"):
            key = getattr(ref, "idnum", None) or id(image)
            if key not in self.smasks_done:
                self.smasks_done.add(key)
                self.scan.transparency.append(Finding("soft mask (an image's)", mark))
        if jpx:
            self.scan.features.append(Finding("a JPEG2000 image", mark))
        if int(image.get("/BitsPerComponent", 8)) == 16:
            self.scan.features.append(Finding("a 16-bit image", mark))
        if image.get("/OC") is not None:
            self.scan.features.append(Finding(OPTIONAL, mark))


def _resets(gs: Any) -> bool:
    """Does the ExtGState set transparency back to none (``/SMask /None``, alpha 1, ``/BM /Normal``)?"""
    return (str(gs.get("/SMask", "")) == "/None" or str(gs.get("/BM", "")) in ("/Normal", "/Compatible")
            or any(key in gs and float(gs[key]) >= 1 for key in ("/CA", "/ca")))


def _covers(outer: Box, inner: Box) -> bool:
    return (outer[0] <= inner[0] + 0.01 and outer[1] <= inner[1] + 0.01 and outer[2] >= inner[2] - 0.01
            and outer[3] >= inner[3] - 0.01)


def _overlapping(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.01 and min(a[3], b[3]) - max(a[1], b[1]) > 0.01


def _image_ink(image: Any) -> float | None:
    """The largest C + M + Y + K (0..4) of any pixel of a CMYK image."""
    try:
        pil = image.decode_as_image()
    except Exception:  # an image pypdf cannot decode: its ink is not measured
        return None
    if pil is None or pil.mode != "CMYK":
        return None
    return float(np.asarray(pil, dtype=np.int32).sum(axis=-1).max()) / 255


def _ppi(ctm: Matrix, w: int, h: int) -> float | None:
    width_in = math.hypot(ctm[0], ctm[1]) / 72
    height_in = math.hypot(ctm[2], ctm[3]) / 72
    if width_in <= 0 or height_in <= 0 or not w or not h:
        return None
    return min(w / width_in, h / height_in)


def scan_page(reader: PdfReader, number: int, page: Any, scan: PageScan,
              inks: dict[int, float | None] | None = None) -> None:
    """Add the marks of page ``number`` (1-based) to ``scan`` (``inks``: image ink by object, shared
    between the pages of one file)."""
    group = _dict(page.get("/Group"))
    if group.get("/S") == "/Transparency":
        scan.transparency.append(Finding("page transparency group", Mark(number, "page", "")))
    walker = _Walker(reader, number, scan, {} if inks is None else inks)
    walker.walk(page.get_contents(), page.get("/Resources"), _State())
    if walker.optional:
        scan.features.append(Finding(OPTIONAL, Mark(number, "page", "")))


def where(page: int, box: Box | None, origin: tuple[float, float] = (0.0, 0.0)) -> str:
    """``page 3, 42 x 61 mm from the lower left corner`` (the box's middle), or ``page 3``."""
    if box is None:
        return f"page {page}"
    x = ((box[0] + box[2]) / 2 - origin[0]) * 25.4 / 72
    y = ((box[1] + box[3]) / 2 - origin[1]) * 25.4 / 72
    return f"page {page}, {x:.0f} mm across and {y:.0f} mm up from the lower left corner"
