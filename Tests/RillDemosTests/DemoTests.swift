import RillDemos
