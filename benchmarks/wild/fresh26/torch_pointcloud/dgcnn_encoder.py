"""A DGCNN encoder: three EdgeConv stages on a k-nearest-neighbour graph."""

from torch_pointcloud.models.dgcnn import DGCNNEncoder

model = DGCNNEncoder(channels=[3, 32, (32, 48), 64], num_neighbors=10, aggr="max")
