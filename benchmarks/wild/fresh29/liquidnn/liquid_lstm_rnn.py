"""LiquidLSTM (bidirectional by default) and LiquidRNN (liquidnn) for a small sequence task."""

import torch.nn as nn
from liquidnn import LiquidLSTM, LiquidRNN


class TwoCores(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = LiquidLSTM(input_size=8, hidden_size=16, num_layers_liq=2, num_layers_lstm=1)
        self.rnn = LiquidRNN(input_size=8, hidden_size=12, num_layers_liq=1, num_layers_rnn=2)


model = TwoCores()
