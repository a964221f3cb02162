"""The space-filling DIVEQ variant and the detach variant (diveq) as two quantizers of one model."""

import torch.nn as nn
from diveq import SFDIVEQ, DIVEQDetach


class TwoQuantizers(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(20, 10)
        self.sf = SFDIVEQ(num_embeddings=24, embedding_dim=10, skip_iters=200)
        self.det = DIVEQDetach(num_embeddings=40, embedding_dim=10, verbose=False)


model = TwoQuantizers()
