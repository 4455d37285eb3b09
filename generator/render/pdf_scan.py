"""Read every drawing of a PDF for preflight: what each colour, image and shading puts where.

:func:`scan_page` follows one page's content stream and everything it draws —
form XObjects, tiling patterns, shading patterns, ``sh`` shadings, Type 3 glyph
procedures and inline images — with the graphics state (transformation matrix,
clip, fill and stroke colour) carried through ``q``/``Q``/``cm``. Each mark it
finds becomes a :class:`Mark`: its colour space, its ink (the largest C + M + Y + K
it can print, when the colour is CMYK), its place on the page (a box in points,
None where it cannot be told: text, Type 3 glyphs) and, for images, its
resolution at the size it is placed.

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
_INLINE_SPACES = {"/G": "DeviceGray", "/RGB": "DeviceRGB", "/CMYK": "DeviceCMYK", "/I": "Indexed",
                  "/DeviceGray": "DeviceGray", "/DeviceRGB": "DeviceRGB", "/DeviceCMYK": "DeviceCMYK"}
_PAINT_FILL = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_PAINT_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_PATH_OPS = {b"m": 2, b"l": 2, b"c": 6, b"v": 4, b"y": 4}
_TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}


@dataclass(frozen=True)
class Colour:
    space: str  # DeviceCMYK, DeviceRGB, ICCBased, Separation, Pattern, ...
    values: tuple[float, ...] = ()
    registration: bool = False  # all four inks at 100 % or the Separation /All
    all_plates: bool = False  # the Separation /All colour space (any tint above 0 is registration)

    @property
    def ink(self) -> float | None:
        if self.registration:
            return REGISTRATION_INK
        if self.space == "DeviceCMYK" and len(self.values) == 4:
            return sum(self.values)
        return None


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


@dataclass
class PageScan:
    marks: list[Mark] = field(default_factory=list)
    fonts: dict[int, tuple[str, bool]] = field(default_factory=dict)  # object id -> (name, embedded)
    transparency: set[str] = field(default_factory=set)
    transfer: bool = False
    unmeasured: set[str] = field(default_factory=set)  # shadings whose ink cannot be computed


@dataclass(frozen=True)
class _State:
    ctm: Matrix = IDENTITY
    clip: Box | None = None
    fill: Colour = Colour("DeviceGray", (0.0,))
    stroke: Colour = Colour("DeviceGray", (0.0,))
    width: float = 1.0  # line width, user units


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
        return str(raw[0]).lstrip("/"), raw
    name = str(raw).lstrip("/")
    return {"G": "DeviceGray", "RGB": "DeviceRGB", "CMYK": "DeviceCMYK"}.get(name, name), raw


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
class _Walker:
    def __init__(self, reader: PdfReader, number: int, scan: PageScan, inks: dict[int, float | None]) -> None:
        self.reader, self.number, self.scan, self.inks = reader, number, scan, inks
        self.type3_done: set[int] = set()

    def walk(self, contents: Any, resources: Any, state: _State, depth: int = 0, note: str = "") -> None:
        if depth > MAX_DEPTH or contents is None:
            return
        res = _dict(resources)
        self._resources(res, state, depth)
        named_spaces = _dict(res.get("/ColorSpace"))
        patterns = _dict(res.get("/Pattern"))
        xobjects = _dict(res.get("/XObject"))
        shadings = _dict(res.get("/Shading"))
        fonts = _dict(res.get("/Font"))
        stack = [state]
        path: list[tuple[float, float]] = []
        starts: list[int] = []  # where each subpath begins in ``path``
        clip_next = False
        for operands, op in ContentStream(contents, self.reader).operations:
            st = stack[-1]
            if op == b"q":
                stack.append(st)
            elif op == b"Q":
                if len(stack) > 1:
                    stack.pop()
            elif op == b"cm":
                stack[-1] = replace(st, ctm=mul(tuple(float(v) for v in operands), st.ctm))  # type: ignore[arg-type]
            elif op in _DEVICE:
                values = tuple(float(v) for v in operands)
                colour = Colour(_DEVICE[op], values, registration=values == (1.0, 1.0, 1.0, 1.0))
                stack[-1] = _with_colour(st, colour, stroke=op.isupper())
            elif op in (b"cs", b"CS"):
                space, raw = space_of(operands[0], named_spaces)
                colour = Colour(space, all_plates=_is_all(raw))
                stack[-1] = _with_colour(st, colour, stroke=op == b"CS")
            elif op in (b"sc", b"scn", b"SC", b"SCN"):
                stroke = op in (b"SC", b"SCN")
                current = st.stroke if stroke else st.fill
                names = [v for v in operands if str(v).startswith("/")]
                numbers = tuple(float(v) for v in operands if not str(v).startswith("/"))
                if names and current.space == "Pattern":
                    self._pattern(patterns.get(str(names[0])), st, depth, stroke)
                    continue
                registration = ((current.all_plates and any(numbers))
                                or (current.space == "DeviceCMYK" and numbers == (1.0, 1.0, 1.0, 1.0)))
                colour = replace(current, values=numbers, registration=registration)
                stack[-1] = _with_colour(st, colour, stroke=stroke)
            elif op in _PATH_OPS:
                if op == b"m" or not starts:
                    starts.append(len(path))
                nums = [float(v) for v in operands]
                path += [_apply(st.ctm, nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
            elif op == b"re":
                x, y, w, h = (float(v) for v in operands)
                starts.append(len(path))
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
                            self._mark(kind, colour, _meet(st.clip, _grow(_bbox(path[a:b]), grow)), note)
                    else:
                        self._mark(kind, colour, _meet(st.clip, _grow(_bbox(path), grow)), note)
                if clip_next:
                    stack[-1] = replace(st, clip=_meet(st.clip, _bbox(path)))
                path, starts, clip_next = [], [], False
            elif op in _TEXT_SHOW:
                self._mark("text", st.fill, None, note)
            elif op == b"Tf":
                font = _dict(fonts.get(str(operands[0])))
                if font.get("/Subtype") == "/Type3":
                    self._type3(font, res, st, depth)
            elif op == b"sh":
                self._shading(shadings.get(str(operands[0])), st.clip, "a shading" if not note else note)
            elif op == b"INLINE IMAGE":
                self._inline(operands, st, named_spaces, note)
            elif op == b"Do":
                self._do(xobjects.get(str(operands[0])), res, st, depth, note)

    def _resources(self, res: Any, state: _State, depth: int) -> None:
        for ref in _dict(res.get("/Font")).values():
            font = _obj(ref)
            key = getattr(ref, "idnum", id(font))
            if key not in self.scan.fonts:
                self.scan.fonts[key] = font_embedded(font)
        for ref in _dict(res.get("/ExtGState")).values():
            gs = _dict(ref)
            if gs.get("/SMask") not in (None, "/None"):
                self.scan.transparency.add("soft mask")
            for key in ("/CA", "/ca"):
                if key in gs and float(gs[key]) < 1:
                    self.scan.transparency.add("constant alpha below 1")
            if gs.get("/BM") not in (None, "/Normal", "/Compatible"):
                self.scan.transparency.add(f"blend mode {gs.get('/BM')}")
            for key in ("/TR", "/TR2"):
                if key in gs and str(gs[key]) not in ("/Identity", "/Default"):
                    self.scan.transfer = True

    def _mark(self, kind: str, colour: Colour, box: Box | None, note: str) -> None:
        if colour.space == "Pattern":
            return  # the pattern's own marks are recorded when it is set
        self.scan.marks.append(Mark(self.number, kind, colour.space, colour.ink, box,
                                    registration=colour.registration, note=note))

    def _pattern(self, ref: Any, st: _State, depth: int, stroke: bool) -> None:
        pattern = _dict(ref)
        matrix = tuple(float(v) for v in pattern.get("/Matrix", IDENTITY))
        if int(pattern.get("/PatternType", 0)) == 1:  # tiling: its own content stream
            self.walk(pattern, pattern.get("/Resources"), _State(ctm=matrix, clip=st.clip),  # type: ignore[arg-type]
                      depth + 1, "a tiling pattern")
        elif int(pattern.get("/PatternType", 0)) == 2:
            self._shading(pattern.get("/Shading"), st.clip, "a shading pattern")

    def _shading(self, ref: Any, clip: Box | None, note: str) -> None:
        shading = _dict(ref)
        if not shading:
            return
        space, raw = space_of(shading.get("/ColorSpace", "/DeviceGray"))
        ink: float | None = None
        if space == "DeviceCMYK":
            fn = shading.get("/Function")
            values = function_inks(fn) if fn is not None else None
            if values is None:
                self.scan.unmeasured.add(f"{note} on page {self.number}")
            elif values.shape[1] == 4:
                ink = float(values.sum(axis=1).max())
        self.scan.marks.append(Mark(self.number, "shading", space, ink, clip, registration=_is_all(raw),
                                    note=note))

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
            self._mark("inline image", st.fill, _unit_square(st.ctm), note)
            return
        raw = settings.get("/CS", settings.get("/ColorSpace", "/DeviceGray"))
        raw_name = str(raw)
        space = _INLINE_SPACES.get(raw_name) or space_of(raw, named_spaces)[0]
        w, h = int(settings.get("/W", settings.get("/Width", 0))), int(settings.get("/H", settings.get("/Height", 0)))
        self.scan.marks.append(Mark(self.number, "inline image", space, None, _unit_square(st.ctm),
                                    ppi=_ppi(st.ctm, w, h), pixels=(w, h), note=note))

    def _do(self, ref: Any, res: Any, st: _State, depth: int, note: str) -> None:
        obj = _dict(ref)
        if obj.get("/Subtype") == "/Image":
            self._image(ref, obj, st, note)
        elif obj.get("/Subtype") == "/Form":
            group = _dict(obj.get("/Group"))
            if group.get("/S") == "/Transparency":
                self.scan.transparency.add("transparency group")
            matrix = tuple(float(v) for v in obj.get("/Matrix", IDENTITY))
            self.walk(obj, obj.get("/Resources") or res, replace(st, ctm=mul(matrix, st.ctm)),  # type: ignore[arg-type]
                      depth + 1, note)

    def _image(self, ref: Any, image: Any, st: _State, note: str) -> None:
        if image.get("/SMask") is not None:
            self.scan.transparency.add("image soft mask")
        w, h = int(image.get("/Width", 0)), int(image.get("/Height", 0))
        if image.get("/ImageMask"):
            self._mark("image", st.fill, _unit_square(st.ctm), note)
            return
        space, _ = space_of(image.get("/ColorSpace", "/DeviceGray"))
        ink = None
        if space == "DeviceCMYK":
            key = getattr(ref, "idnum", None) or id(image)
            if key not in self.inks:
                self.inks[key] = _image_ink(image)
            ink = self.inks[key]
        self.scan.marks.append(Mark(self.number, "image", space, ink, _unit_square(st.ctm),
                                    ppi=_ppi(st.ctm, w, h), pixels=(w, h), note=note))


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
        scan.transparency.add(f"page transparency group (page {number})")
    _Walker(reader, number, scan, {} if inks is None else inks).walk(
        page.get_contents(), page.get("/Resources"), _State())


def where(page: int, box: Box | None, origin: tuple[float, float] = (0.0, 0.0)) -> str:
    """``page 3, 42 x 61 mm from the lower left corner`` (the box's middle), or ``page 3``."""
    if box is None:
        return f"page {page}"
    x = ((box[0] + box[2]) / 2 - origin[0]) * 25.4 / 72
    y = ((box[1] + box[3]) / 2 - origin[1]) * 25.4 / 72
    return f"page {page}, {x:.0f} mm across and {y:.0f} mm up from the lower left corner"
