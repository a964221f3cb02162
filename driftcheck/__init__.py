"""driftcheck: static drift checks between model code, Hugging Face configs and serving setups.

Importing this package must stay cheap: it never imports torch or transformers.
"""

__version__ = "0.2.0"

from driftcheck.errors import DriftcheckError  # noqa: E402

__all__ = ["DriftcheckError", "__version__"]
