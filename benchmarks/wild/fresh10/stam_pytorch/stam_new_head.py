from stam_pytorch import STAM
from torch import nn

backbone = STAM(
    dim=160,
    image_size=96,
    patch_size=12,
    num_frames=6,
    num_classes=1000,
    space_depth=3,
    space_heads=5,
    space_mlp_dim=320,
    time_depth=2,
    time_heads=5,
    time_mlp_dim=320,
)
# fine-tune on 27 gesture classes: swap the head, freeze the spatial transformer
backbone.mlp_head = nn.Sequential(nn.LayerNorm(160), nn.Dropout(0.1), nn.Linear(160, 27))
for p in backbone.space_transformer.parameters():
    p.requires_grad = False
model = backbone
