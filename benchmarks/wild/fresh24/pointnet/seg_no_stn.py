"""PointNet part segmentation without the input transformer (stn_3d=None), xyz + normals input."""

from pointnet import PointNetSeg

model = PointNetSeg(in_dim=6, out_dim=8, stn_3d=None, global_head_norm=False)
