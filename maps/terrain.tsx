<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="74" tilecount="25" columns="6">
 <image source="terrain.png" width="384" height="370"/>
 <tile id="0" type="grass">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1" type="grass_flowers">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="2" type="grass_dark">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="3" type="dirt">
  <properties>
   <property name="terrain" value="dirt"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="4" type="sand">
  <properties>
   <property name="terrain" value="sand"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="5" type="sand_raked">
  <properties>
   <property name="terrain" value="sand"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="6" type="stone_floor">
  <properties>
   <property name="terrain" value="stone_floor"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="7" type="wood_floor">
  <properties>
   <property name="terrain" value="wood_floor"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="8" type="wall">
  <properties>
   <property name="terrain" value="wall"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="9" type="table">
  <properties>
   <property name="terrain" value="table"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="1"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="10" type="door">
  <properties>
   <property name="terrain" value="door"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="11" type="tree">
  <properties>
   <property name="terrain" value="tree"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="12" type="shallow_water">
  <properties>
   <property name="terrain" value="water"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="13" type="deep_water">
  <properties>
   <property name="terrain" value="deep_water"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="14" type="rough">
  <properties>
   <property name="terrain" value="rough"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="15" type="hill">
  <properties>
   <property name="terrain" value="hill"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="16" type="hilltop">
  <properties>
   <property name="terrain" value="hill"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="17" type="mud">
  <properties>
   <property name="terrain" value="mud"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="18" type="bush">
  <properties>
   <property name="terrain" value="bush"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="1"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="19" type="boulder">
  <properties>
   <property name="terrain" value="boulder"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="20" type="counter">
  <properties>
   <property name="terrain" value="counter"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="21" type="barrel">
  <properties>
   <property name="terrain" value="barrel"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="1"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="22" type="hearth">
  <properties>
   <property name="terrain" value="hearth"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="23" type="rug">
  <properties>
   <property name="terrain" value="rug"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="24" type="pillar">
  <properties>
   <property name="terrain" value="pillar"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
</tileset>
