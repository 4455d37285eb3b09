"""The command matrix (issue #23): every command, on the installed wheel, from a folder
outside the source tree, over the kitchen-sink project (tests/matrix/kitchen.py: 56
cards in XLSX and in CSV, PNG/JPEG/SVG art and an SVG with <text>, rich text and
icons, a project font, a layout that extends a bundled one, copies, no-data cells),
across the options that change code paths.

How the combinations are chosen: the full product of the options is hundreds of runs,
so each command's options are combined **pairwise** by tests/matrix/pairwise.py (a
small deterministic greedy all-pairs generator, no dependency): every value of every
option meets every value of every other option in at least one run. Option values
that are refused together (``--format webp`` with a preset that takes png/jpg) are
left out of the pairs and run once each on their own, expecting exit 2.

- ``cards``: deck source (XLSX, CSV) x page (a4, letter, a3) x backs (none,
  duplex-long, duplex-short, fold) x arrangement (auto, gap, touching) x colour (rgb,
  cmyk) x bleed (3, 0) x one flag (none, --cut-lines, --proof, --no-crop-marks) x cut file
  (none, svg, dxf: the SVG must parse, the DXF open with ezdxf).
  ``cards`` has no ``--jobs`` option (it draws in one process), so jobs is not a factor.
- ``images``: deck source x preset (none, tgc, mpc, dtc, tts, screentop, tabletopia, pcio) x format x backs x jobs
  (1, 2; 56 cards at 300 dpi are enough pixels for two worker processes) x colour.
- ``tiles``: components x arrangement x colour x backs x page x packs x cut file.
- ``tuckbox``: deck source x colour x sleeves x card thickness x page, and a box too big
  for any paper (exit 2).
- ``rules``: every game x page (a4, letter, a3) x format x deck (bundled, kitchen) x colour.
- ``check``: deck source x --json x --report x --suggest x --strategy x --jobs.
- ``build``, ``new`` and ``watch`` are scenarios (test_scenarios.py).

Every run must exit with a documented code and its meaning (0 written, 1 balance
findings, 2 bad input with an error line), print no ``Traceback``, and leave only
files that open (``check_outputs`` in tests/matrix/outputs.py). A combination that
fails today because of an issue-23 item still being fixed is listed in
``KNOWN_FAILURES``: it is marked xfail(strict=True), and it counts as the expected
failure only when every problem it shows is that item's symptom (``SIGNS``); any
other problem fails it outright, and a fixed one fails as XPASS until its entry goes.
"""

