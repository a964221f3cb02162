import torch.nn as nn


class AcousticModel(nn.Module):
    def __init__(self, n_mels=80, hidden=512, proj=128, layers=3, n_tokens=42):
        super().__init__()
        # LSTMP: the hidden state is projected to proj_size inside the LSTM (weight_hr_l{k})
        self.lstm = nn.LSTM(
            n_mels, hidden, num_layers=layers, proj_size=proj, bidirectional=True, batch_first=True
        )
        self.out = nn.Linear(2 * proj, n_tokens)


model = AcousticModel()
