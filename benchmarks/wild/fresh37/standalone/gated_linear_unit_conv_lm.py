# gated convolutional LM (Dauphin et al.): each layer's conv outputs 2x channels for nn.GLU
import torch.nn as nn


class GatedConv(nn.Module):
    def __init__(self, c, k):
        super().__init__()
        self.pad = nn.ConstantPad1d((k - 1, 0), 0.0)
        self.conv = nn.Conv1d(c, 2 * c, k)
        self.glu = nn.GLU(dim=1)


class GCNN(nn.Module):
    def __init__(self, vocab=10000, c=128, kernels=(4, 4, 4, 4, 4)):
        super().__init__()
        self.emb = nn.Embedding(vocab, c)
        self.layers = nn.ModuleList(GatedConv(c, k) for k in kernels)
        self.out = nn.AdaptiveLogSoftmaxWithLoss(c, vocab, cutoffs=[1000, 4000], div_value=2.0)


model = GCNN(vocab=10000, c=128, kernels=(4, 4, 4, 4, 4))
