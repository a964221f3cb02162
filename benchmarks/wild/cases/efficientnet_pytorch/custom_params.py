"""efficientnet_pytorch: custom_params (wild-code corpus, benchmarks/wild)."""

from efficientnet_pytorch import EfficientNet
from efficientnet_pytorch.utils import efficientnet

blocks_args, global_params = efficientnet(
    width_coefficient=0.5, depth_coefficient=0.5, image_size=64, num_classes=10
)
model = EfficientNet(blocks_args, global_params)
