"""An AWD-LSTM style language model with torchnlp's WeightDropLSTM and LockedDropout, decoder tied to the embedding."""

import torch.nn as nn
from torchnlp.nn import LockedDropout, WeightDropLSTM


class AWDLM(nn.Module):
    def __init__(self, ntoken, ninp, nhid, nlayers, tie=True):
        super().__init__()
        self.lockdrop = LockedDropout(p=0.3)
        self.encoder = nn.Embedding(ntoken, ninp)
        sizes = [
            (ninp if i == 0 else nhid, nhid if i != nlayers - 1 else ninp) for i in range(nlayers)
        ]
        self.rnns = nn.ModuleList([WeightDropLSTM(i, o, 1, weight_dropout=0.5) for i, o in sizes])
        self.decoder = nn.Linear(ninp, ntoken)
        if tie:
            self.decoder.weight = self.encoder.weight


model = AWDLM(ntoken=1000, ninp=64, nhid=96, nlayers=3)
