import torch.nn as nn
from conv_lstm import ConvLSTM


def frame_encoder(ch):
    return nn.Sequential(nn.Conv2d(3, ch, 3, stride=2, padding=1), nn.BatchNorm2d(ch), nn.ReLU())


class ActionNet(nn.Module):
    def __init__(self, n_classes=10, ch=24, hidden=(32, 48)):
        super().__init__()
        self.enc = frame_encoder(ch)
        self.rnn = ConvLSTM(ch, list(hidden), (3, 3), num_layers=len(hidden))
        self.fc = nn.Linear(hidden[-1], n_classes)


model = ActionNet(n_classes=7)
