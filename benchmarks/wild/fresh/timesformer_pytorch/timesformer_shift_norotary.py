"""timesformer_pytorch: options read from a JSON string, as from a config file (fresh batch, benchmarks/wild/fresh)."""

import json

from timesformer_pytorch import TimeSformer

CONFIG = """
{
  "dim": 96, "image_size": 32, "patch_size": 8, "num_frames": 8, "num_classes": 3,
  "channels": 1, "depth": 2, "heads": 3, "dim_head": 32,
  "rotary_emb": false, "shift_tokens": true
}
"""
model = TimeSformer(**json.loads(CONFIG))
