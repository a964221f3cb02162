import torch.nn as nn
from mlm_pytorch import MLM

AMINO = 25  # 20 residues + specials


class DilatedConvLM(nn.Module):
    def __init__(self, vocab=AMINO, dim=128, dilations=(1, 2, 4, 8, 1, 2, 4, 8)):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.convs = nn.ModuleList(
            [nn.Conv1d(dim, dim, 5, padding=2 * d, dilation=d) for d in dilations]
        )
        self.norms = nn.ModuleList([nn.BatchNorm1d(dim) for _ in dilations])
        self.out = nn.Conv1d(dim, vocab, 1)

    def forward(self, x):
        h = self.emb(x).transpose(1, 2)
        for conv, norm in zip(self.convs, self.norms):
            h = h + conv(norm(h).relu())
        return self.out(h).transpose(1, 2)


model = MLM(DilatedConvLM(), num_tokens=AMINO, mask_token_id=24, pad_token_id=0)
