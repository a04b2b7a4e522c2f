"""Version numbers of the tool and the processing algorithm (the IR's own: `ir.versions`)."""

__version__ = "0.1.0"

#: Raised when the compilation algorithm changes in a way that makes every stored IR stale.
#: Part of the logic fingerprint, so raising it forces a full recompile of every document.
PROCESSING_VERSION = 1
