import torch.nn as nn
import yaml
from muse_maskgit_pytorch import VQGanVAE

CFG = yaml.safe_load("""
tokenizers:
  low:  {dim: 32, layers: 2, codebook_size: 1024}
  high: {dim: 48, layers: 4, codebook_size: 8192}
""")
model = nn.ModuleDict(
    {name: VQGanVAE(**kw, use_vgg_and_gan=False) for name, kw in CFG["tokenizers"].items()}
)
