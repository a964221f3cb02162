# end-to-end VarNet, cut down for a 12 GB card
from fastmri.models import VarNet

model = VarNet(num_cascades=4, sens_chans=4, sens_pools=3, chans=8, pools=3)
