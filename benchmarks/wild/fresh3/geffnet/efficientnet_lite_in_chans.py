import geffnet

# grayscale inputs, a small head
model = geffnet.efficientnet_lite0(pretrained=False, in_chans=1, num_classes=10)
