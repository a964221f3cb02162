"""CRNN text recognizer: VGG-ish conv stack, two bidirectional LSTMs with linear embeddings, CTC classes."""

import torch.nn as nn


class BidirectionalLSTM(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.rnn = nn.LSTM(n_in, n_hidden, bidirectional=True)
        self.embedding = nn.Linear(n_hidden * 2, n_out)

    def forward(self, x):
        recurrent, _ = self.rnn(x)
        t, b, h = recurrent.size()
        return self.embedding(recurrent.view(t * b, h)).view(t, b, -1)


class CRNN(nn.Module):
    def __init__(self, imgH=32, nc=1, nclass=37, nh=128, leaky_relu=False):
        super().__init__()
        assert imgH % 16 == 0
        ks = [3, 3, 3, 3, 3, 3, 2]
        ps = [1, 1, 1, 1, 1, 1, 0]
        nm = [32, 64, 128, 128, 256, 256, 256]
        cnn = nn.Sequential()

        def conv_relu(i, batch_normalization=False):
            n_in = nc if i == 0 else nm[i - 1]
            cnn.add_module(f"conv{i}", nn.Conv2d(n_in, nm[i], ks[i], 1, ps[i]))
            if batch_normalization:
                cnn.add_module(f"batchnorm{i}", nn.BatchNorm2d(nm[i]))
            cnn.add_module(
                f"relu{i}", nn.LeakyReLU(0.2, inplace=True) if leaky_relu else nn.ReLU(True)
            )

        conv_relu(0)
        cnn.add_module("pooling0", nn.MaxPool2d(2, 2))
        conv_relu(1)
        cnn.add_module("pooling1", nn.MaxPool2d(2, 2))
        conv_relu(2, True)
        conv_relu(3)
        cnn.add_module("pooling2", nn.MaxPool2d((2, 2), (2, 1), (0, 1)))
        conv_relu(4, True)
        conv_relu(5)
        cnn.add_module("pooling3", nn.MaxPool2d((2, 2), (2, 1), (0, 1)))
        conv_relu(6, True)
        self.cnn = cnn
        self.rnn = nn.Sequential(
            BidirectionalLSTM(nm[-1], nh, nh), BidirectionalLSTM(nh, nh, nclass)
        )


model = CRNN(imgH=32, nc=1, nclass=37, nh=128)
