import torch.nn as nn


class TDNN(nn.Module):
    def __init__(self, i, o, context, dilation):
        super().__init__()
        self.kernel = nn.Conv1d(i, o, context, dilation=dilation)
        self.bn = nn.BatchNorm1d(o)


class XVector(nn.Module):
    """x-vector: five TDNN layers, mean+std statistics pooling, two segment layers, speaker softmax."""

    def __init__(self, feat_dim=30, num_speakers=1211, emb=512):
        super().__init__()
        spec = [
            (feat_dim, 512, 5, 1),
            (512, 512, 3, 2),
            (512, 512, 3, 3),
            (512, 512, 1, 1),
            (512, 1500, 1, 1),
        ]
        self.frame = nn.Sequential(*[TDNN(*s) for s in spec])
        self.segment6 = nn.Linear(2 * 1500, emb)
        self.bn6 = nn.BatchNorm1d(emb)
        self.segment7 = nn.Linear(emb, emb)
        self.bn7 = nn.BatchNorm1d(emb)
        self.output = nn.Linear(emb, num_speakers)


model = XVector()
