import torch.nn as nn

CFG = [(64, True), (128, True), (256, False), (256, "h"), (512, False), (512, "h")]


class CRNN(nn.Module):
    def __init__(self, img_h, nc, n_classes, nh, cfg=CFG):
        super().__init__()
        assert img_h % 16 == 0
        layers, c, h = [], nc, img_h
        for i, (w, pool) in enumerate(cfg):
            layers.append(nn.Conv2d(c, w, 3, 1, 1))
            if i >= 4:
                layers.append(nn.BatchNorm2d(w))
            layers.append(nn.ReLU(True))
            if pool is True:
                layers.append(nn.MaxPool2d(2, 2))
                h //= 2
            elif pool == "h":
                layers.append(nn.MaxPool2d((2, 2), (2, 1), (0, 1)))
                h //= 2
            c = w
        # a final 2x2 conv collapses the remaining height to 1
        layers.append(nn.Conv2d(c, c, 2, 1, 0))
        self.cnn = nn.Sequential(*layers)
        self.rnn1 = nn.LSTM(c, nh, bidirectional=True)
        self.emb1 = nn.Linear(nh * 2, nh)
        self.rnn2 = nn.LSTM(nh, nh, bidirectional=True)
        self.emb2 = nn.Linear(nh * 2, n_classes + 1)  # + CTC blank


model = CRNN(img_h=32, nc=1, n_classes=36, nh=64)
