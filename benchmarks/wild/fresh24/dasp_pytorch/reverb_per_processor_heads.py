"""One shared encoder, one linear head per processor, keyed by the processor's class name."""

import dasp_pytorch as dasp
import torch.nn as nn

PROCESSORS = [
    dasp.NoiseShapedReverb(sample_rate=24000),
    dasp.Distortion(),
    dasp.ParametricEQ(sample_rate=24000),
]


class PerProcessorHeads(nn.Module):
    def __init__(self, processors, hidden=64):
        super().__init__()
        self.encoder = nn.GRU(input_size=80, hidden_size=hidden, num_layers=2, batch_first=True)
        self.heads = nn.ModuleDict(
            {type(p).__name__.lower(): nn.Linear(hidden, p.num_params) for p in processors}
        )

    def forward(self, mel):
        _, h = self.encoder(mel)
        return {k: head(h[-1]).sigmoid() for k, head in self.heads.items()}


model = PerProcessorHeads(PROCESSORS, hidden=48)
