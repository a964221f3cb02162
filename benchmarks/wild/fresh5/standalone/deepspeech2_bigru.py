import torch.nn as nn


class MaskConv(nn.Module):
    def __init__(self, seq_module):
        super().__init__()
        self.seq_module = seq_module


class BatchRNN(nn.Module):
    def __init__(self, input_size, hidden_size, rnn_type=nn.LSTM, bidirectional=False, batch_norm=True):
        super().__init__()
        self.batch_norm = nn.BatchNorm1d(input_size) if batch_norm else None
        self.rnn = rnn_type(input_size=input_size, hidden_size=hidden_size, bidirectional=bidirectional, bias=True)
        self.num_directions = 2 if bidirectional else 1


class DeepSpeech(nn.Module):
    """DeepSpeech 2 (deepspeech.pytorch layout): two 2-D convs over the spectrogram, a stack of
    bidirectional GRUs (the first without batch norm), a CTC head over the labels."""

    def __init__(self, labels, sample_rate=16000, window_size=0.02, hidden_size=512, hidden_layers=5, rnn_type="gru"):
        super().__init__()
        rnn_cls = {"lstm": nn.LSTM, "gru": nn.GRU, "rnn": nn.RNN}[rnn_type]
        self.conv = MaskConv(
            nn.Sequential(
                nn.Conv2d(1, 32, kernel_size=(41, 11), stride=(2, 2), padding=(20, 5)),
                nn.BatchNorm2d(32),
                nn.Hardtanh(0, 20, inplace=True),
                nn.Conv2d(32, 32, kernel_size=(21, 11), stride=(2, 1), padding=(10, 5)),
                nn.BatchNorm2d(32),
                nn.Hardtanh(0, 20, inplace=True),
            )
        )
        rnn_input_size = int(sample_rate * window_size / 2 + 1)
        rnn_input_size = (rnn_input_size + 2 * 20 - 41) // 2 + 1
        rnn_input_size = (rnn_input_size + 2 * 10 - 21) // 2 + 1
        rnn_input_size *= 32
        self.rnns = nn.Sequential(
            BatchRNN(rnn_input_size, hidden_size, rnn_type=rnn_cls, bidirectional=True, batch_norm=False),
            *(BatchRNN(hidden_size, hidden_size, rnn_type=rnn_cls, bidirectional=True) for _ in range(hidden_layers - 1)),
        )
        self.fc = nn.Sequential(nn.BatchNorm1d(hidden_size), nn.Linear(hidden_size, len(labels), bias=False))


LABELS = list("_'ABCDEFGHIJKLMNOPQRSTUVWXYZ ")
model = DeepSpeech(LABELS, sample_rate=8000, window_size=0.02, hidden_size=128, hidden_layers=3, rnn_type="gru")
