from torch import nn
from mmdit import MMDiTBlock

blocks = [MMDiTBlock(dim_text=128, dim_image=256, dim_cond=64, dim_head=32, heads=4)
          for _ in range(2)]
model = nn.ModuleList(blocks)
