# speech-to-codes: mel frames -> GRU -> Memcodes, a codes head for a downstream LM
from nwt_pytorch import Memcodes
from torch import nn


class MelCodes(nn.Module):
    def __init__(self, n_mels=80, dim=192, num_codes=512):
        super().__init__()
        self.pre = nn.Conv1d(n_mels, dim, kernel_size=5, padding=2)
        self.rnn = nn.GRU(dim, dim // 2, batch_first=True, bidirectional=True)
        self.vq = Memcodes(dim=dim, heads=4, num_codes=num_codes, temperature=0.5)

    def forward(self, mel):
        x, _ = self.rnn(self.pre(mel).transpose(1, 2))
        return self.vq(x)


model = MelCodes()
