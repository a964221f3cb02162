"""deeptab's tabular ResNet with feature embeddings switched on (d_model 16) and two residual blocks."""

from deeptab.architectures.resnet import ResNet
from deeptab.configs.models.resnet_config import ResNetConfig

num_info = {f"x{i}": {"dimension": 1} for i in range(4)}
cat_info = {"region": {"dimension": 1, "categories": 7}}
model = ResNet(
    feature_information=(num_info, cat_info, {}),
    num_classes=1,
    config=ResNetConfig(use_embeddings=True, d_model=16, layer_sizes=[48, 24], num_blocks=2),
)
