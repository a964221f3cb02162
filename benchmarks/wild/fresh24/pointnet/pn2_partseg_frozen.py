"""PointNet++ part segmentation (SSG) for 4 object categories; the set-abstraction stages are frozen."""

from pointnet import PointNet2PartSegSSG

model = PointNet2PartSegSSG(in_dim=3, out_dim=20, n_category=4, downsample_points=(256, 64))
for name, p in model.named_parameters():
    if name.startswith(("sa1.", "sa2.")):
        p.requires_grad_(False)
