"""Rules files: card games as data (YAML), played by an interpreter on the public
game API, with their rule booklet generated from the same file (docs/rules-files.md).

Modules: :mod:`.schema` (reading and checking a file), :mod:`.expr` (the safe
expression language), :mod:`.cards` (the cards a file plays with), :mod:`.program`
(the steps compiled to closures), :mod:`.state` (the interpreter's State),
:mod:`.zones` (views and resampling from visibility), :mod:`.gamespec` (a file as a
GameSpec), :mod:`.registered` (the bundled catalogue and projects' files) and
:mod:`.booklet` (the booklet's sentences)."""
