"""A narrow PointNet classifier (input and feature T-Nets) for 10 classes over xyz + normals."""

from torch_pointcloud.models.pointnet import PointNetClassification

model = PointNetClassification(
    in_channels=3,
    num_classes=10,
    mlp1_channels=(32,),
    mlp2_channels=(64, 128),
    tnet_mlp1_dims=(32, 64, 128),
    tnet_mlp2_dims=(64, 32),
    dropout=0.3,
)
