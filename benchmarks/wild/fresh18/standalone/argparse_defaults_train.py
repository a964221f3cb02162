"""train.py of a small audio classifier; the model is built from parsed defaults."""
import argparse
import torch
import torch.nn as nn

p = argparse.ArgumentParser()
p.add_argument("--n-mels", type=int, default=64)
p.add_argument("--channels", type=int, nargs="+", default=[16, 32, 64])
p.add_argument("--classes", type=int, default=35)
p.add_argument("--no-bias", action="store_true")
args = p.parse_args([])


def conv_block(i, o, bias):
    return nn.Sequential(nn.Conv2d(i, o, 3, padding=1, bias=bias), nn.BatchNorm2d(o), nn.ReLU(), nn.MaxPool2d(2))


chs = [1, *args.channels]
model = nn.Sequential(
    *[conv_block(a, b, not args.no_bias) for a, b in zip(chs, chs[1:])],
    nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.Linear(chs[-1], args.classes),
)

if __name__ == "__main__":
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(2):
        loss = model(torch.randn(4, 1, args.n_mels, 50)).logsumexp(-1).mean()
        opt.zero_grad(); loss.backward(); opt.step()
