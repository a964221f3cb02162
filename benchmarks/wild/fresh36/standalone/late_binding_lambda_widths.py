# closures capture the variable, not its value: every factory sees the last w of the loop
import torch.nn as nn

widths = [32, 64, 128]
factories = [lambda cin: nn.Conv2d(cin, w, 3, padding=1) for w in widths]  # noqa: B023


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        convs, cin = [], 3
        for make in factories:
            conv = make(cin)
            convs.append(conv)
            cin = conv.out_channels
        self.convs = nn.ModuleList(convs)
        self.fc = nn.Linear(cin, 10)


model = Net()
