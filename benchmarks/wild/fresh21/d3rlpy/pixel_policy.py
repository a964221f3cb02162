"""A Gaussian policy over stacked frames: PixelEncoderFactory filters from a JSON string config."""

import json

from d3rlpy.models import PixelEncoderFactory
from d3rlpy.models.builders import create_normal_policy

CONFIG = json.loads(
    '{"frames": 3, "size": 64, "filters": [[16, 8, 4], [32, 4, 2], [32, 3, 1]], "feature": 128, "actions": 2}'
)

enc = PixelEncoderFactory(
    filters=CONFIG["filters"], feature_size=CONFIG["feature"], use_batch_norm=False
)
model = create_normal_policy(
    observation_shape=(CONFIG["frames"], CONFIG["size"], CONFIG["size"]),
    action_size=CONFIG["actions"],
    encoder_factory=enc,
    device="cpu:0",
    enable_ddp=False,
    use_std_parameter=True,
)
