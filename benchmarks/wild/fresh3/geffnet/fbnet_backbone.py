import torch.nn as nn
import geffnet


class Backbone(nn.Module):
    def __init__(self, name="fbnetc_100", n_out=4):
        super().__init__()
        net = geffnet.create_model(name, pretrained=False)
        width = net.classifier.in_features
        net.classifier = nn.Identity()
        self.body = net
        self.out = nn.Linear(width, n_out)

    def forward(self, x):
        return self.out(self.body(x))


model = Backbone()
