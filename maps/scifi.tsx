<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="scifi" tilewidth="64" tileheight="74" tilecount="18" columns="6">
 <image source="scifi.png" width="384" height="222"/>
 <tile id="0" type="deck">
  <properties>
   <property name="terrain" value="deck"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1" type="deck_dark">
  <properties>
   <property name="terrain" value="deck"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="2" type="grate">
  <properties>
   <property name="terrain" value="grating"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="3" type="hazard">
  <properties>
   <property name="terrain" value="deck"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="4" type="cantina_floor">
  <properties>
   <property name="terrain" value="floor"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="5" type="bulkhead">
  <properties>
   <property name="terrain" value="wall"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="6" type="hatch">
  <properties>
   <property name="terrain" value="door"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="7" type="bar_counter">
  <properties>
   <property name="terrain" value="counter"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="8" type="metal_table">
  <properties>
   <property name="terrain" value="table"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="1"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="9" type="crate">
  <properties>
   <property name="terrain" value="crate"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="10" type="boxes">
  <properties>
   <property name="terrain" value="boxes"/>
   <property name="move_cost" type="int" value="3"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="1"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="11" type="console">
  <properties>
   <property name="terrain" value="console"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="12" type="support">
  <properties>
   <property name="terrain" value="pillar"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="13" type="concrete">
  <properties>
   <property name="terrain" value="concrete"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="14" type="packed_dirt">
  <properties>
   <property name="terrain" value="dirt"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="15" type="rubble">
  <properties>
   <property name="terrain" value="rubble"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="blocks_movement" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="16" type="fuel_drum">
  <properties>
   <property name="terrain" value="fuel_drum"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="elevation" type="int" value="0"/>
   <property name="flammable" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="17" type="fence">
  <properties>
   <property name="terrain" value="fence"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="blocks_movement" type="bool" value="true"/>
   <property name="blocks_sight" type="bool" value="false"/>
   <property name="cover" type="int" value="0"/>
   <property name="elevation" type="int" value="0"/>
  </properties>
 </tile>
</tileset>
