import torch.nn as nn
from flash_pytorch import GAU

model = nn.Sequential(*[GAU(dim=192, query_key_dim=48, expansion_factor=2.0, rel_pos_bias=i == 0)
                        for i in range(4)])
