from hypnettorch.mnets import ResNet
from hypnettorch.hnets import ChunkedHMLP
import torch.nn as nn

target = ResNet(in_shape=(32, 32, 3), num_classes=10, n=1, k=1, num_feature_maps=(8, 8, 16, 32),
                no_weights=True, use_batch_norm=True, verbose=False)
chunker = ChunkedHMLP(target.param_shapes, chunk_size=2000, chunk_emb_size=16, cond_in_size=16,
                      layers=(64, 64), num_cond_embs=3, verbose=False)
model = nn.ModuleDict({"target": target, "hnet": chunker})
