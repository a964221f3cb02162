"""VoteNet: a PointNet++ backbone written as shared-MLP conv stacks (4 set-abstraction layers,
2 feature-propagation layers), a voting module predicting offsets and feature residuals, and a
proposal module whose output size depends on the class / heading / size-cluster counts."""

import torch.nn as nn


def shared_mlp(dims, conv=nn.Conv2d, bn=nn.BatchNorm2d):
    layers = []
    for a, b in zip(dims, dims[1:]):
        layers += [conv(a, b, 1, bias=False), bn(b), nn.ReLU()]
    return nn.Sequential(*layers)


class Backbone(nn.Module):
    def __init__(self, input_feature_dim=1):
        super().__init__()
        c = input_feature_dim + 3
        self.sa1 = shared_mlp([c, 64, 64, 128])
        self.sa2 = shared_mlp([128 + 3, 128, 128, 256])
        self.sa3 = shared_mlp([256 + 3, 128, 128, 256])
        self.sa4 = shared_mlp([256 + 3, 128, 128, 256])
        self.fp1 = shared_mlp([512, 256, 256])
        self.fp2 = shared_mlp([512, 256, 256])


class VotingModule(nn.Module):
    def __init__(self, vote_factor=1, seed_feature_dim=256):
        super().__init__()
        d = seed_feature_dim
        self.conv1, self.conv2 = nn.Conv1d(d, d, 1), nn.Conv1d(d, d, 1)
        self.conv3 = nn.Conv1d(d, (3 + d) * vote_factor, 1)
        self.bn1, self.bn2 = nn.BatchNorm1d(d), nn.BatchNorm1d(d)


class ProposalModule(nn.Module):
    def __init__(self, num_class=18, num_heading_bin=1, num_size_cluster=18, seed_feat_dim=256):
        super().__init__()
        self.vote_aggregation = shared_mlp([seed_feat_dim + 3, 128, 128, 128])
        self.conv1, self.conv2 = nn.Conv1d(128, 128, 1), nn.Conv1d(128, 128, 1)
        out = 2 + 3 + num_heading_bin * 2 + num_size_cluster * 4 + num_class
        self.conv3 = nn.Conv1d(128, out, 1)
        self.bn1, self.bn2 = nn.BatchNorm1d(128), nn.BatchNorm1d(128)


class VoteNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone_net = Backbone()
        self.vgen = VotingModule()
        self.pnet = ProposalModule()


model = VoteNet()
