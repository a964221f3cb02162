from dataclasses import dataclass

from torch import nn
from xlstm import mLSTMBlockConfig, mLSTMLayerConfig, xLSTMBlockStack, xLSTMBlockStackConfig


@dataclass
class TrainCfg:
    n_features: int = 12
    dim: int = 64
    blocks: int = 2
    classes: int = 5


class SeqClassifier(nn.Module):
    def __init__(self, c: TrainCfg):
        super().__init__()
        self.inp = nn.Linear(c.n_features, c.dim)
        self.body = xLSTMBlockStack(
            xLSTMBlockStackConfig(
                mlstm_block=mLSTMBlockConfig(mlstm=mLSTMLayerConfig(num_heads=2, proj_factor=1.5)),
                context_length=32,
                num_blocks=c.blocks,
                embedding_dim=c.dim,
                add_post_blocks_norm=False,
            )
        )
        self.head = nn.Linear(c.dim, c.classes)


model = SeqClassifier(TrainCfg())
